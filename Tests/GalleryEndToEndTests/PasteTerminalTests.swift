import Foundation
import Testing

/// What people paste at the gallery's terminal: lines far past the limit, tabs; and a history
/// file that stops being writable while the app runs.
@Suite struct PasteTerminalTests: TerminalSuite {
  typealias K = Keys

  // NOTE: before, each read of the paste drew the whole line again: 1 MB drew 123 MB in 39 s,
  // a Ctrl-C behind it waited, and the refused line went into the history file.
  @Test func aLongPasteIsRefusedOnceItPassesTheLimitDrawingLittle() async throws {
    try await withHome { home in
      let app = try gallery(["--screen", "todo"], home: home)
      try await app.expect("todo> ")
      app.type("add kept" + K.enter)
      try await app.expect("1. [ ] kept")
      app.paste(String(repeating: "x", count: 1 << 20) + K.enter)
      let before = try await app.expect("error: The line is over 65536 bytes")
      #expect(before.unicodeScalars.last == "\n", "the refusal has a row of its own")
      app.paste(String(repeating: "y", count: 300_000) + K.control("c"))
      try await app.expect("The line is over 65536 bytes long")
      try await app.expect("press Ctrl-C again or Ctrl-D to quit")
      app.type("add after" + K.enter)
      try await app.expect("2. [ ] after")
      app.type(K.control("d"))
      #expect(try await app.waitForExit() == .exit && app.process.terminationStatus == 0)
      #expect(app.output.count < 4 << 20, "drew \(app.output.count) bytes for 1.3 MB pasted")
      let history = home.appendingPathComponent("gallery/history")
      let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
      #expect(lines == ["add kept", "add after"])
    }
  }

  // NOTE: the app asks the terminal to mark pastes (bracketed paste), and the terminal sends
  // them between `ESC [ 200 ~` and `ESC [ 201 ~`; a Tab typed still completes.
  @Test func aTabInAPastedLineIsKept() async throws {
    try await withHome { home in
      let app = try gallery(["--screen", "todo"], home: home)
      try await app.expect("\u{1B}[?2004h")
      try await app.expect("todo> ")
      app.type("\u{1B}[200~add one\ttwo\u{1B}[201~" + K.enter)
      try await app.expect("1. [ ] one\ttwo")
      app.type("\u{1B}[200~x\ty\u{1B}[201~" + K.control("u") + "tog" + K.tab)
      try await app.expect("todo> toggle ")
      app.type(K.control("u") + K.control("d"))
      _ = try await app.waitForExit()
      #expect(app.rest.contains("\u{1B}[?2004l"), "the terminal is told to stop marking pastes")
      let saved = try String(
        contentsOf: home.appendingPathComponent("data/todos.json"), encoding: .utf8)
      #expect(saved.contains(#""one\ttwo""#), "\(saved)")
    }
  }

  @Test func aHistoryThatCannotBeSavedAtEnterIsSaidOnItsOwnLine() async throws {
    try await withHome { home in
      let app = try gallery(home: home, errorsOnTerminal: true)
      try await app.expect("home> ")
      // NOTE: the history could be written at start; now its path is a directory.
      let history = home.appendingPathComponent("gallery/history")
      try? FileManager.default.removeItem(at: history)
      try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
      app.type("counter" + K.enter)
      let before = try await app.expect("gallery: no line history")
      #expect(
        before.unicodeScalars.last == "\n", "the warning starts a line: \(before.debugDescription)")
      try await app.expect("count: 0")
      app.type("+" + K.enter)
      try await app.expect("count: 1")
      app.type(K.control("d"))
      _ = try await app.waitForExit()
      #expect(!app.rest.contains("no line history"), "said once")
    }
  }
}
