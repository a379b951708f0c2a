import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The `gallery` binary whose todo file is no file to read (a FIFO nobody writes to, a symlink to
/// `/dev/zero`): the todo screen says so at once and keeps changes in memory, and the rest of the
/// app goes on.
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

  @Test(arguments: ["a FIFO", "a character device"])
  func aListPathThatIsNoFileIsReportedOnceAndStrictExitsPromptly(kind: String) async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = directory.appendingPathComponent("todos.json").path
    if kind == "a FIFO" {
      try #require(mkfifo(list, 0o644) == 0)
    } else {
      try #require(symlink("/dev/zero", list) == 0)
    }
    let start = ContinuousClock.now
    let result = try await GalleryProcess.run(
      ["--data-dir", directory.path, "--strict", "--offline", "--no-history"],
      input: "todo\nadd milk\nlist\n"
    ) { app in
      // NOTE: only stops a hung app, and so fails the time check below.
      // (90 s: a thread-sanitized app under a loaded run took 36 s to start and answer.)
      DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(90)) {
        if app.isRunning { kill(app.processIdentifier, SIGKILL) }
      }
    }
    #expect(ContinuousClock.now - start < .seconds(90), "the app hung")
    #expect(result.status == 1, "--strict: the list could not be used")
    let notice =
      "could not be read (it is not a regular file but \(kind)) and was left untouched. "
      + "Changes are kept in memory only and will not be saved."
    #expect(result.output.components(separatedBy: notice).count == 2, "\(result.output)")
    #expect(result.output.contains("1. [ ] milk"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["todos.json"])
  }
}
