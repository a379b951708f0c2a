import Foundation
import TestSupport
import Testing
import TodoStorage
import TodoStorageLive

/// A save replaces the list's contents, never what the file is: its mode, its owner, the
/// symlink that leads to it, the fields a newer version wrote, another storage's save.
@Suite struct SaveIdentityTests {
  static func attributes(_ url: URL) throws -> (mode: Int, owner: Int, group: Int) {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (
      (attributes[.posixPermissions] as? Int) ?? -1, (attributes[.ownerAccountID] as? Int) ?? -1,
      (attributes[.groupOwnerAccountID] as? Int) ?? -1
    )
  }

  @Test func aSaveKeepsAPrivateListPrivate() async throws {
    try await withTemporaryDirectory { directory in
      let storage = TodoStorage.live(directory: directory)
      try await storage.save(TodoItem.numbered(1))
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o600], ofItemAtPath: directory.todosFile.path)
      try await storage.save(TodoItem.numbered(2))
      #expect(try Self.attributes(directory.todosFile).mode == 0o600)
      #expect(try await storage.load() == TodoItem.numbered(2))
    }
  }

  @Test(.enabled(if: geteuid() == 0, "only root may give a file away"))
  func aSaveKeepsTheFilesOwner() async throws {
    try await withTemporaryDirectory { directory in
      let storage = TodoStorage.live(directory: directory)
      try await storage.save(TodoItem.numbered(1))
      #expect(chown(directory.todosFile.path, 65534, 65534) == 0)
      try await storage.save(TodoItem.numbered(2))
      let attributes = try Self.attributes(directory.todosFile)
      #expect(attributes.owner == 65534 && attributes.group == 65534)
    }
  }

  @Test func aSaveWritesThroughASymlinkToItsTarget() async throws {
    try await withTemporaryDirectory { directory in
      let data = directory.appendingPathComponent("data")
      let elsewhere = directory.appendingPathComponent("synced")
      for folder in [data, elsewhere] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      }
      let storage = TodoStorage.live(directory: data)
      try await TodoStorage.live(directory: elsewhere).save(TodoItem.numbered(1))
      try FileManager.default.createSymbolicLink(
        atPath: data.todosFile.path, withDestinationPath: "../synced/\(TodoStorage.fileName)")
      #expect(try await storage.load() == TodoItem.numbered(1))

      try await storage.save(TodoItem.numbered(4))

      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: data.todosFile.path)
          == "../synced/\(TodoStorage.fileName)", "the link is still a link")
      #expect(try await TodoStorage.live(directory: elsewhere).load() == TodoItem.numbered(4))
      #expect(data.entries == [TodoStorage.fileName])
      #expect(elsewhere.entries == [TodoStorage.fileName], "no temporary file is left")
    }
  }

  @Test func aSaveThroughADanglingSymlinkCreatesItsTarget() async throws {
    try await withTemporaryDirectory { directory in
      try FileManager.default.createSymbolicLink(
        atPath: directory.todosFile.path, withDestinationPath: "real.json")
      let storage = TodoStorage.live(directory: directory)
      #expect(try await storage.load() == [])
      try await storage.save(TodoItem.numbered(2))
      #expect(directory.entries == ["real.json", TodoStorage.fileName])
      #expect(try await storage.load() == TodoItem.numbered(2))
    }
  }

  @Test func twoStoragesOnOneFolderNeverBreakEachOthersSaves() async throws {
    try await withTemporaryDirectory { directory in
      let (first, second) = (
        TodoStorage.live(directory: directory), TodoStorage.live(directory: directory)
      )
      let failures = await withTaskGroup(of: [String].self) { group in
        for (index, storage) in [first, second].enumerated() {
          group.addTask {
            var failures: [String] = []
            for round in 0..<300 {
              do {
                try await storage.save(TodoItem.numbered(round % 7 + index))
                _ = try await storage.load()
              } catch {
                failures.append("\(error)")
              }
            }
            return failures
          }
        }
        return await group.reduce(into: []) { $0 += $1 }
      }
      #expect(failures.isEmpty, "\(failures.count) failed, first: \(failures.first ?? "")")
      #expect(directory.entries == [TodoStorage.fileName])
    }
  }

  /// `withTopLevelField`: whether the file has one too, or only its items do.
  @Test(arguments: [true, false])
  func fieldsThisVersionDoesNotKnowSurviveASave(withTopLevelField: Bool) async throws {
    try await withTemporaryDirectory { directory in
      let theme = withTopLevelField ? #""theme": {"accent": "teal"}, "# : ""
      let newer = #"""
        {"version": 1, \#(theme)"items": [
          {"id": "00000000-0000-0000-0000-000000000001", "text": "keep", "isCompleted": false,
           "priority": 3, "tags": ["home"]},
          {"id": "00000000-0000-0000-0000-000000000002", "text": "drop", "isCompleted": false,
           "due": "2027-01-01"}]}
        """#
      try Data(newer.utf8).write(to: directory.todosFile)
      let storage = TodoStorage.live(directory: directory)
      var items = try await storage.load()
      items[0].isCompleted = true
      items.removeLast()
      items.append(TodoItem(id: UUID(9), text: "new"))
      try await storage.save(items)

      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: directory.todosFile))
          as? [String: Any])
      #expect(
        (json["theme"] as? [String: String]) == (withTopLevelField ? ["accent": "teal"] : nil))
      let saved = try #require(json["items"] as? [[String: Any]])
      #expect(saved.count == 2)
      #expect(saved[0]["priority"] as? Int == 3)
      #expect(saved[0]["tags"] as? [String] == ["home"])
      #expect(saved[0]["isCompleted"] as? Bool == true)
      #expect(saved[1].keys.sorted() == ["id", "isCompleted", "text"])
      #expect(try await storage.load() == items)
    }
  }
}
