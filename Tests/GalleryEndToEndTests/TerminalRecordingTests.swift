import Foundation
import TestTraits
import Testing

/// A session recorded at a terminal (the line editor, Ctrl-C, a screen switch) replays from a
/// pipe to what the person saw: the recording holds the lines as they were finally entered,
/// never the keys that edited them.
@Suite(.hangGuard) struct TerminalRecordingTests {
  typealias K = Keys

  @Test func aSessionRecordedAtATerminalReplaysFromAPipe() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("terminal.jsonl")
    let data = folder.appendingPathComponent("data").path
    let app = try PseudoTerminal(
      ["--offline", "--data-dir", data, "--record", recording.path], stateHome: folder)
    try await app.expect("home> ")
    app.type("todo" + K.enter)
    try await app.expect("todo> ")
    app.type("add milk" + K.enter)
    try await app.expect("  1. [ ] milk")
    app.type("add eggz" + K.backspace + "s" + K.enter)
    try await app.expect("  2. [ ] eggs")
    app.type("toggle 9" + K.home + K.control("k") + K.control("c"))
    try await app.expect("todo> ")
    app.type("tggle 1" + K.home + K.right + "o" + K.enter)
    try await app.expect("  1. [x] milk")
    app.type("counter" + K.enter)
    try await app.expect("count: 0")
    app.type("set 12" + K.backspace + "7" + K.enter)
    try await app.expect("count: 17")
    app.type("quit" + K.enter)
    #expect(try await app.waitForExit() == .exit && app.process.terminationStatus == 0)

    let replay = try await GalleryProcess.run(["--replay", recording.path], input: "")
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    let lines = replay.output.split(separator: "\n").map(String.init)
    let commands = lines.filter { $0.hasPrefix("> ") }
    #expect(
      commands
        == ["> todo", "> add milk", "> add eggs", "> toggle 1", "> counter", "> set 17", "> quit"],
      "\(replay.output)")
    #expect(lines.contains("  1. [x] milk") && lines.contains("  2. [ ] eggs"))
    #expect(lines.contains("count: 17"))
    #expect(lines.last?.hasPrefix("replayed ") == true, "\(replay.output)")
  }
}
