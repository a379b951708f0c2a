import ChildTest
import Foundation
import Testing

/// A package outside this repository, `Examples/Pomodoro`, depends on it by path and runs its
/// own feature in the shell (`Shell<PomodoroApp>.main()`): built by SwiftPM against this
/// checkout, then used as people do, through a pipe and at a terminal.
@Suite(.timeLimit(.minutes(30))) struct HostPackageEndToEndTests {
  /// Built once for the suite, in the repository's build folder (kept between runs).
  static let binary = Task { () throws -> URL in
    let root = URL(fileURLWithPath: #filePath + "/../../..").standardizedFileURL.path
    let (package, scratch) = (root + "/Examples/Pomodoro", root + "/.build/examples/pomodoro")
    let build = try await GalleryProcess.run(
      ["swift", "build", "--package-path", package, "--scratch-path", scratch], input: "",
      executable: URL(fileURLWithPath: "/usr/bin/env"), within: .seconds(1500))
    guard build.status == 0 else { throw ChildProcess.Failure(build.output + build.errors) }
    return URL(fileURLWithPath: scratch + "/debug/pomodoro")
  }

  @Test func itsFeatureRunsThroughAPipeWithUndoAndItsRecordingReplays() async throws {
    let (binary, home) = (try await Self.binary.value, try GalleryProcess.temporaryDirectory())
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appendingPathComponent("session.jsonl").path
    let session = try await GalleryProcess.run(
      ["--record", file, "--strict"],
      input: "tim\ntimer\nset 2\nreset\nn\nset 3\nundo\nhistory\nstart\n",
      environment: ["XDG_STATE_HOME": home.path], executable: binary)
    #expect(session.status == 1, "'tim' failed: \(session.errors)")
    #expect(session.output.hasPrefix("Pomodoro — type 'help'"))
    #expect(session.output.contains("error: Unknown command 'tim'. Type 'help' for the list."))
    #expect(session.output.contains("Reset the timer and the count? [y/N]\n2:00 of 2 min"))
    #expect(session.output.contains("undid 'set 3' and what followed it\n2:00 of 2 min, paused"))
    #expect(session.output.contains("3. set 2 → timer(.setMinutes(2))"))
    let replay = try await GalleryProcess.run(["--replay", file], input: "", executable: binary)
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    #expect(replay.output.contains("> set 3\n3:00 of 3 min"))
    #expect(replay.output.contains(" checkpoint(s) matched\n"))
    // NOTE: a running timer never ends: the end of input leaves it (`worksEndlessly`) at once,
    // where waiting for it, as for other work, took 10 s of its ticks.
    let ticks = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "_tick")
    #expect(ticks.count - 1 < 5, "\(ticks.count - 1) ticks")
  }

  @Test func atATerminalTabCompletesItsCommandsAndUndoTakesThemBack() async throws {
    let (binary, home) = (try await Self.binary.value, try GalleryProcess.temporaryDirectory())
    defer { try? FileManager.default.removeItem(at: home) }
    let app = try PseudoTerminal([], stateHome: home, executable: binary)
    try await app.expect("home> ")
    app.type("ti" + Keys.tab + Keys.enter)
    try await app.expect("25:00 of 25 min, paused")
    app.type("se" + Keys.tab + "7" + Keys.enter)
    try await app.expect("7:00 of 7 min, paused")
    app.type("undo" + Keys.enter)
    try await app.expect("25:00 of 25 min, paused")
    app.type(Keys.control("d"))
    _ = try await app.waitForExit()
    #expect(app.settingsAreRestored)
  }
}
