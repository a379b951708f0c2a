import Foundation
import TestSupport
import Testing
import TodoStorage

@testable import TodoStorageLive

@Suite struct StorageErrorTests {
  static let newerFile = Data(
    "{\"version\": 2, \"items\": [{\"id\": 1, \"title\": \"from the future\"}], \"tags\": []}".utf8)

  @Test func aNewerFormatVersionIsRefusedAndTheFileLeftUntouched() async throws {
    try await withTemporaryDirectory { directory in
      try Self.newerFile.write(to: directory.todosFile)
      let storage = TodoStorage.live(directory: directory)
      let error = StorageError.newerVersion(path: directory.todosFile.path, found: 2, supported: 1)
      await #expect(throws: error) { try await storage.load() }
      await #expect(throws: error, "a save refuses to replace it too") {
        try await storage.save(TodoItem.numbered(1))
      }
      #expect(try Data(contentsOf: directory.todosFile) == Self.newerFile)
      #expect(directory.entries == [TodoStorage.fileName])
      #expect(
        error.description == "The saved list at \(directory.todosFile.path) has format version 2, "
          + "but this app reads versions up to 1; it was left untouched. Update the app to use it.")
    }
  }

  @Test func aDataDirectoryThatCannotBeCreatedGivesAClearError() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("a-file")
      try Data("x".utf8).write(to: file)
      let storage = TodoStorage.live(directory: file.appendingPathComponent("gallery"))
      let error = await #expect(throws: StorageError.self) {
        try await storage.save(TodoItem.numbered(1))
      }
      let folder = file.appendingPathComponent("gallery").path
      #expect(error == .unwritable(directory: folder, reason: "Not a directory"))
      #expect(
        error?.description
          == "Cannot write to \(folder) (Not a directory); check that it exists and is writable.")
      #expect(try await storage.load() == [], "loading still works: there is nothing saved")
    }
  }

  @Test func systemErrorsOfASaveMapToReadableStorageErrors() {
    let file = ListFile(directory: "/data/gallery")
    let outOfSpace = [
      (ENOSPC, "No space left on device"), (EDQUOT, "Disk quota exceeded"),
      (EFBIG, "File too large"),
    ]
    for (code, reason) in outOfSpace {
      #expect(
        file.saveError(SystemError(code: code))
          == .diskFull(path: "/data/gallery/todos.json", reason: reason))
    }
    #expect(
      file.saveError(SystemError(code: EROFS))
        == .unwritable(directory: "/data/gallery", reason: "Read-only file system"))
    #expect(
      file.saveError(SystemError(code: EACCES))
        == .unwritable(directory: "/data/gallery", reason: "Permission denied"))
    #expect(
      file.saveError(SystemError(code: EIO))
        == .writeFailed(path: "/data/gallery/todos.json", reason: "Input/output error"))
    #expect(
      StorageError.diskFull(path: "/d/todos.json", reason: "File too large").description
        == "No space left for /d/todos.json (File too large). Free some space and try again.")
  }

  @Test func everyErrorReadsAsASentence() {
    let errors: [StorageError] = [
      .corrupt(reason: "not valid JSON", movedTo: "/d/todos.json.corrupt-20240102T030405Z"),
      .unreadable(path: "/d/todos.json", reason: "Permission denied"),
      .newerVersion(path: "/d/todos.json", found: 3, supported: 1),
      .unwritable(directory: "/d", reason: "Read-only file system"),
      .diskFull(path: "/d/todos.json", reason: "No space left on device"),
      .writeFailed(path: "/d/todos.json", reason: "Input/output error"),
      .unimplemented("TodoStorage.save"),
    ]
    for error in errors {
      #expect(error.description.first?.isUppercase == true)
      #expect(error.description.hasSuffix("."))
    }
    #expect(
      errors[0].description
        == "The saved list could not be read (not valid JSON); it was moved aside to "
        + "/d/todos.json.corrupt-20240102T030405Z.")
  }

  @Test func theDefaultDirectoryFollowsXDGDataHomeElseHome() {
    let xdg = TodoStorage.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"])
    #expect(xdg.path == "/x/data/gallery")
    let home = TodoStorage.defaultDirectory(environment: ["HOME": "/home/ann"])
    #expect(home.path == "/home/ann/.local/share/gallery")
    let relative = TodoStorage.defaultDirectory(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
    #expect(relative.path == "/h/.local/share/gallery", "a relative XDG_DATA_HOME is ignored")
  }
}
