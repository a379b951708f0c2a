import ChildTest
import Foundation
import TestSupport
import Testing
import TodoStorage
import TodoStorageLive

/// A save into a directory the kernel refuses to write to. Root may write anywhere, so the child
/// test that saves drops root first (it runs as `nobody` then); the test process keeps its rights.
@Suite struct ReadOnlyDirectoryTests {
  @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
  func childSavesIntoAReadOnlyDirectory() async throws {
    try ChildTest.dropRoot()
    print("child: uid \(geteuid())")
    let storage = TodoStorage.live(directory: URL(fileURLWithPath: ChildTest.instruction!))
    await report {
      try await storage.save(TodoItem.numbered(5))
      return "saved"
    }
    await report { "loaded \(try await storage.load().count) item(s)" }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func aReadOnlyDirectoryGivesAClearErrorAndKeepsTheOldList() async throws {
    try await withTemporaryDirectory { directory in
      try await TodoStorage.live(directory: directory).save(TodoItem.numbered(2))
      let before = try Data(contentsOf: directory.todosFile)
      // NOTE: a new list is its owner's only (0600); this one is shared, so that the child,
      // another user, reads it.
      try setPermissions(0o644, of: directory.todosFile)
      try setPermissions(0o555, of: directory)

      let child = try await ChildTest.run(
        "childSavesIntoAReadOnlyDirectory", instruction: directory.path)

      #expect(child.status == 0, "\(child.output)")
      #expect(!child.output.contains("child: uid 0\n"), "the child did not run as root")
      let error = StorageError.unwritable(directory: directory.path, reason: "Permission denied")
      #expect(
        error.description
          == "Cannot write to \(directory.path) (Permission denied); check that it exists and "
          + "is writable.")
      #expect(child.output.contains("child: \(error)\n"), "\(child.output)")
      #expect(child.output.contains("child: loaded 2 item(s)\n"), "it still reads the old list")
      #expect(try Data(contentsOf: directory.todosFile) == before, "the file is untouched")
      #expect(directory.entries == [TodoStorage.fileName], "no temporary file is left")

      try setPermissions(0o755, of: directory)
      try await TodoStorage.live(directory: directory).save(TodoItem.numbered(5))
      #expect(
        try await TodoStorage.live(directory: directory).load() == TodoItem.numbered(5),
        "once the directory is writable again, saving works")
    }
  }

  private func setPermissions(_ mode: Int, of file: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
  }
}
