import ChildTest
import Foundation
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A `gallery` that crashes for real (a fault the kernel sends) leaves its last actions in the
/// report file, says where on standard error, and still dies of the signal; the report replays.
/// The same signal sent with `kill` is someone asking the program to end: it saves and exits.
@Suite(.hangGuard) struct CrashReportEndToEndTests {
  /// A piped `gallery` whose state folder (and so its report) is in `folder`.
  static func galleryWithReport(in folder: URL) throws -> (PipedGallery, report: URL) {
    let app = try PipedGallery(
      ["--offline", "--data-dir", folder.appendingPathComponent("data").path], input: .pipe,
      environment: ["XDG_STATE_HOME": folder.path, "SWIFT_BACKTRACE": "enable=no"],
      withErrors: true)
    return (app, folder.appendingPathComponent("gallery/last-session.jsonl"))
  }

  @Test func aCrashWritesTheLastActionsAndTheyReplay() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (app, report) = try Self.galleryWithReport(in: folder)
    // NOTE: the report is published after each line is done: once the second mark is answered,
    // the first one, and all before it, are in it.
    app.send("counter\n+\nset 41\nmark-1\nmark-2\n")
    try await app.expect("Unknown command 'mark-2'")
    #expect(!FileManager.default.fileExists(atPath: report.path), "written only when it dies")
    try app.process.takeAwayNewDescriptors()
    app.send("todo\nadd milk\n")
    try await app.expect("gallery: crashed; the last actions are in \(report.path);")
    let (reason, status) = try await app.waitForExit()
    #expect(reason == .uncaughtSignal && status == SIGILL, "it still dies of the signal")

    let replay = try await GalleryProcess.run(["--replay", report.path], input: "")
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    let commands = replay.output.split(separator: "\n").filter { $0.hasPrefix("> ") }
    #expect(
      commands.prefix(5) == ["> counter", "> +", "> set 41", "> mark-1", "> mark-2"],
      "\(replay.output)")
    #expect(replay.output.contains("count: 41"))
  }

  @Test func aSessionLongerThanTheReportStartsItAgainFromItsLastActions() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (app, report) = try Self.galleryWithReport(in: folder)
    // NOTE: about 5 MiB of entries, more than the report's 4 MiB: it starts again at least once.
    app.send("counter\n" + String(repeating: "+\n", count: 40_000) + "mark\n")
    try await app.expect("Unknown command 'mark'")
    try app.process.takeAwayNewDescriptors()
    app.send("todo\nadd milk\n")
    try await app.expect("gallery: crashed")
    _ = try await app.waitForExit()
    let replay = try await GalleryProcess.run(["--replay", report.path], input: "")
    #expect(replay.status == 0, "\(replay.errors)")
    #expect(replay.output.contains("count: 40000\n> mark\n"))
    #expect(!replay.output.contains("count: 1\n"), "the report starts again later")
  }

  @Test(arguments: [SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGILL])
  func aSignalSentToEndTheProgramSavesAndEndsIt(signal: Int32) async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try PipedGallery(
      ["--data-dir", folder.path], input: .pipe, environment: ["XDG_STATE_HOME": folder.path],
      withErrors: true)
    app.send("todo\nadd first\nadd second\n")
    try await app.expect("2. [ ] second")
    app.signal(signal)
    let (reason, status) = try await app.waitForExit()
    #expect(reason == .exit && status == 128 + signal, "\(reason), \(status): \(app.text)")
    let saved =
      (try? String(contentsOf: folder.appendingPathComponent("todos.json"), encoding: .utf8))
      ?? ""
    #expect(saved.contains("first") && saved.contains("second"), "\(saved)")
    #expect(!app.text.contains("crashed"), "no crash report for a signal sent: \(app.text)")
  }
}

extension ChildProcess {
  /// Leaves the running process no descriptor to make: its soft limit becomes its lowest free
  /// descriptor number. libdispatch then traps (a real SIGILL, from the kernel) as soon as it
  /// needs its first one, which it makes when a screen schedules work (the todo list's save).
  func takeAwayNewDescriptors() throws {
    let folder = "/proc/\(processIdentifier)/fd"
    let open = Set(try FileManager.default.contentsOfDirectory(atPath: folder).compactMap(Int.init))
    let lowestFree = (0...).first { !open.contains($0) } ?? 0
    try ChildTest.limitOpenFiles(to: lowestFree, of: processIdentifier)
  }
}
