import ChildTest
import Foundation
import TestSupport
import Testing
import TodoStorage
import TodoStorageLive

/// A save that runs out of space halfway, for real: the child test limits the size of the files
/// it writes (`ulimit -f`, which works as root and needs no small file system to be mounted).
@Suite struct DiskFullTests {
  static let limit = 1_000

  @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
  func childSavesPastAFileSizeLimit() async throws {
    try ChildTest.limitFileSize(to: Self.limit)
    let storage = TodoStorage.live(directory: URL(fileURLWithPath: ChildTest.instruction!))
    // NOTE: the list is larger than the limit: its first write is cut short at the limit, the
    // next one fails with EFBIG, so the temporary file holds a partial list when the save fails.
    await report {
      try await storage.save(TodoItem.numbered(50))
      return "saved"
    }
    await report { "loaded \(try await storage.load().count) item(s)" }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func aSaveThatRunsOutOfSpaceSaysSoAndKeepsTheOldList() async throws {
    try await withTemporaryDirectory { directory in
      try await TodoStorage.live(directory: directory).save(TodoItem.numbered(2))
      let before = try Data(contentsOf: directory.todosFile)

      let child = try await ChildTest.run(
        "childSavesPastAFileSizeLimit", instruction: directory.path)

      #expect(child.status == 0, "\(child.output)")
      let error = StorageError.diskFull(path: directory.todosFile.path, reason: "File too large")
      #expect(child.output.contains("child: \(error)\n"), "\(child.output)")
      #expect(child.output.contains("child: loaded 2 item(s)\n"), "it still reads the old list")
      #expect(try Data(contentsOf: directory.todosFile) == before, "the file is untouched")
      #expect(directory.entries == [TodoStorage.fileName], "the partial file is removed")

      try await TodoStorage.live(directory: directory).save(TodoItem.numbered(50))
      let size = try Data(contentsOf: directory.todosFile).count
      #expect(size > Self.limit, "without the limit the same save works, and needs \(size) bytes")
    }
  }
}
