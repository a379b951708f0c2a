import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The `gallery` binary whose todo file blocks its reader (a FIFO nobody writes to, as a hung
/// mount would): the todo screen waits for its list, and the rest of the app goes on.
@Suite struct BlockedFileEndToEndTests {
  @Test func aTodoFileThatBlocksLeavesTheOtherCommandsWorking() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(mkfifo(directory.appendingPathComponent("todos.json").path, 0o644) == 0)
    let result = try await GalleryProcess.run(
      ["--data-dir", directory.path], input: "todo\ncounter\n+\nstate\nquit\n"
    ) { app in
      // NOTE: only stops a hung app; an app that works exits as soon as its input ends.
      DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(20)) {
        if app.isRunning { app.terminate() }
      }
    }
    #expect(result.output.contains("counter state:\n  count: 1\n"), "\(result.output)")
    #expect(result.status == 0)
  }
}
