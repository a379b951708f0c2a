import ChildTest
import Foundation
import TestSupport
import TestTraits
import Testing
import TodoStorage
import TodoStorageLive

/// What sits at the list's path is read only when it is a regular file of bounded size, and
/// only a parse failure makes it corrupt: anything else is reported and left where it is.
@Suite(.hangGuard) struct HostileFileTests {
  static func expectUnreadable(
    _ error: StorageError?, _ path: URL, mentioning text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard case let .unreadable(errorPath, reason)? = error, errorPath == path.path,
      reason.contains(text)
    else {
      Issue.record(
        "expected unreadable (\(text)), got \(String(describing: error))",
        sourceLocation: sourceLocation)
      return
    }
  }

  static func loadError(_ storage: TodoStorage) async -> StorageError? {
    do {
      let items = try await storage.load()
      Issue.record("expected an error, loaded \(items.count) item(s)")
      return nil
    } catch { return error }
  }

  static func saveError(_ storage: TodoStorage) async -> StorageError? {
    do {
      try await storage.save(TodoItem.numbered(2))
      Issue.record("expected an error, the save went through")
      return nil
    } catch { return error }
  }

  @Test func aSymlinkToDevZeroIsRefusedByLoadAndSaveAndLeftInPlace() async throws {
    try await withTemporaryDirectory { directory in
      try FileManager.default.createSymbolicLink(
        atPath: directory.todosFile.path, withDestinationPath: "/dev/zero")
      let storage = TodoStorage.live(directory: directory)
      let error = await Self.loadError(storage)
      Self.expectUnreadable(error, directory.todosFile, mentioning: "not a regular file")
      #expect(
        error?.description
          == "The saved list at \(directory.todosFile.path) could not be read (it is not a "
          + "regular file but a character device) and was left untouched.")
      Self.expectUnreadable(
        await Self.saveError(storage), directory.todosFile, mentioning: "character device")
      #expect(directory.entries == [TodoStorage.fileName])
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: directory.todosFile.path)
          == "/dev/zero")
    }
  }

  @Test func aFIFOIsRefusedAtOnceAndLeftInPlace() async throws {
    try await withTemporaryDirectory { directory in
      #expect(mkfifo(directory.todosFile.path, 0o644) == 0)
      let storage = TodoStorage.live(directory: directory)
      Self.expectUnreadable(
        await Self.loadError(storage), directory.todosFile, mentioning: "a FIFO")
      Self.expectUnreadable(
        await Self.saveError(storage), directory.todosFile, mentioning: "a FIFO")
      #expect(directory.entries == [TodoStorage.fileName])
    }
  }

  @Test func aDirectoryAtTheListsPathIsRefusedAndLeftInPlace() async throws {
    try await withTemporaryDirectory { directory in
      try FileManager.default.createDirectory(
        at: directory.todosFile, withIntermediateDirectories: false)
      let storage = TodoStorage.live(directory: directory)
      Self.expectUnreadable(
        await Self.loadError(storage), directory.todosFile, mentioning: "a directory")
      #expect(directory.entries == [TodoStorage.fileName])
    }
  }

  @Test func aHugeSparseFileIsRefusedWithoutBeingReadOrMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      #expect(FileManager.default.createFile(atPath: directory.todosFile.path, contents: nil))
      #expect(truncate(directory.todosFile.path, 1 << 30) == 0)
      let storage = TodoStorage.live(directory: directory)
      let error = await Self.loadError(storage)
      Self.expectUnreadable(error, directory.todosFile, mentioning: "larger than 16 MiB")
      Self.expectUnreadable(
        await Self.saveError(storage), directory.todosFile, mentioning: "larger than 16 MiB")
      #expect(directory.entries == [TodoStorage.fileName])
    }
  }

  @Test func aListTooLargeToReadBackIsNotSaved() async throws {
    try await withTemporaryDirectory { directory in
      let storage = TodoStorage.live(directory: directory)
      try await storage.save(TodoItem.numbered(2))
      let before = try Data(contentsOf: directory.todosFile)
      let huge = TodoItem(id: UUID(1), text: String(repeating: "a", count: 17 << 20))
      await #expect(
        throws: StorageError.writeFailed(
          path: directory.todosFile.path,
          reason: "the list is larger than 16 MiB, the most this app reads back")
      ) { try await storage.save([huge]) }
      #expect(try Data(contentsOf: directory.todosFile) == before)
      #expect(directory.entries == [TodoStorage.fileName])
    }
  }

  // MARK: - Errors that pass

  @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
  func childMeetsAPassingError() async throws {
    let parts = try #require(ChildTest.instruction?.split(separator: ":", maxSplits: 1))
    let (mode, path) = (parts[0], parts[1])
    let storage = TodoStorage.live(directory: URL(fileURLWithPath: String(path)))
    switch mode {
    case "descriptors":
      // NOTE: every descriptor taken, as a leak elsewhere in the app would leave it.
      var limit = rlimit()
      getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
      limit.rlim_cur = 256
      setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
      var taken: [Int32] = []
      while true {
        let fd = dup(0)
        guard fd >= 0 else { break }
        taken.append(fd)
      }
      var text: String
      do {
        text = "loaded \(try await storage.load().count) item(s)"
      } catch {
        text = "\(error)"
      }
      for fd in taken { close(fd) }
      print("child: \(text)")
    default:
      try ChildTest.dropRoot()
      await report { "loaded \(try await storage.load().count) item(s)" }
      await report {
        try await storage.save(TodoItem.numbered(7))
        return "saved"
      }
    }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func runningOutOfDescriptorsIsReportedAndTheListLeftInPlace() async throws {
    try await withTemporaryDirectory { directory in
      try await TodoStorage.live(directory: directory).save(TodoItem.numbered(3))
      let before = try Data(contentsOf: directory.todosFile)
      let child = try await ChildTest.run(
        "childMeetsAPassingError", instruction: "descriptors:\(directory.path)")
      #expect(child.output.contains("Too many open files"), "\(child.output)")
      #expect(!child.output.contains("moved aside"), "\(child.output)")
      #expect(directory.entries == [TodoStorage.fileName])
      #expect(try Data(contentsOf: directory.todosFile) == before)
    }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func aFileTheUserMayNotReadIsNeitherMovedAsideNorReplaced() async throws {
    try await withTemporaryDirectory { directory in
      try await TodoStorage.live(directory: directory).save(TodoItem.numbered(3))
      let before = try Data(contentsOf: directory.todosFile)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o000], ofItemAtPath: directory.todosFile.path)
      // NOTE: a folder anyone may write to, so only the file's own mode stands in the way.
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o777], ofItemAtPath: directory.path)
      let child = try await ChildTest.run(
        "childMeetsAPassingError", instruction: "unreadable:\(directory.path)")
      let path = directory.todosFile.path
      let error = StorageError.unreadable(path: path, reason: "Permission denied")
      #expect(child.output.contains("child: \(error)\n"), "\(child.output)")
      #expect(
        child.output.components(separatedBy: "child: \(error)\n").count == 3,
        "the load and the save both refuse: \(child.output)")
      #expect(directory.entries == [TodoStorage.fileName])
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: directory.todosFile.path)
      #expect(try Data(contentsOf: directory.todosFile) == before)
    }
  }
}
