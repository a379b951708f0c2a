import Foundation
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A `gallery` that dies of a crash signal leaves its last actions in the report file, says
/// where on standard error, and still dies of the signal; the report replays.
@Suite(.hangGuard) struct CrashReportEndToEndTests {
  @Test(arguments: [SIGSEGV, SIGABRT])
  func aCrashWritesTheLastActionsAndTheyReplay(signal: Int32) async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("gallery/last-session.jsonl")
    let app = try PipedGallery(
      ["--offline", "--data-dir", folder.appendingPathComponent("data").path], input: .pipe,
      environment: ["XDG_STATE_HOME": folder.path, "SWIFT_BACKTRACE": "enable=no"],
      withErrors: true)
    // NOTE: the report is published after each line is done: once the second mark is answered,
    // the first one, and all before it, are in it.
    app.send("todo\nadd milk\ncounter\n+\nset 41\nmark-1\nmark-2\n")
    try await app.expect("Unknown command 'mark-2'")
    #expect(!FileManager.default.fileExists(atPath: report.path), "written only when it dies")
    app.signal(signal)
    try await app.expect("gallery: crashed; the last actions are in \(report.path);")
    let (reason, status) = try await app.waitForExit()
    #expect(reason == .uncaughtSignal && status == signal, "it still dies of the signal")

    let replay = try await GalleryProcess.run(["--replay", report.path], input: "")
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    let commands = replay.output.split(separator: "\n").filter { $0.hasPrefix("> ") }
    #expect(
      commands.prefix(6) == ["> todo", "> add milk", "> counter", "> +", "> set 41", "> mark-1"],
      "\(replay.output)")
    #expect(replay.output.contains("count: 41"))
  }
}
