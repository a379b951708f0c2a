import ChildTest
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real `gallery` binary at a pseudo-terminal, given what people really send it: pasted
/// escape sequences, Ctrl-C during a long wait, the terminal window closed.
@Suite struct HostileTerminalTests: TerminalSuite {
  typealias K = Keys

  func savedList(in home: URL) -> String {
    let file = home.appendingPathComponent("data/todos.json")
    return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }

  @Test func aCursorKeyWithExtremeParametersIsIgnored() async throws {
    try await withHome { home in
      let app = try gallery(["--screen", "todo"], home: home)
      try await app.expect("todo> ")
      app.type("add before" + K.enter)
      try await app.expect("1. [ ] before")
      app.type("add af\u{1B}[1;-9223372036854775808C\u{1B}[99999999999999999999;5Dter" + K.enter)
      try await app.expect("2. [ ] after")
      app.type(K.control("d"))
      #expect(try await app.waitForExit() == .exit && app.process.terminationStatus == 0)
      #expect(app.settingsAreRestored)
      #expect(savedList(in: home).contains("after"))
    }
  }

  @Test func ctrlCEndsALongWait() async throws {
    try await withHome { home in
      let app = try gallery(["--screen", "stopwatch"], home: home)
      try await app.expect("stopwatch> ")
      app.type("start" + K.enter)
      try await app.expect("(running)")
      app.type("wait 3600" + K.enter)
      try await app.expect("wait 3600")
      app.type(K.control("c"))
      try await app.expect("press Ctrl-C again or Ctrl-D to quit")
      try await app.expect("stopwatch> ")
      app.type(K.control("d"))
      #expect(try await app.waitForExit() == .exit)
      #expect(app.process.terminationStatus == 0)
      #expect(app.settingsAreRestored)
    }
  }

  @Test func closingTheTerminalWindowSavesTheLastChange() async throws {
    try await withHome { home in
      let app = try gallery(["--screen", "todo"], home: home)
      try await app.expect("todo> ")
      app.type("add first" + K.enter + "add second" + K.enter)
      try await app.expect("2. [ ] second")
      // NOTE: the terminal's hangup, as closing its window sends it.
      kill(app.process.processIdentifier, SIGHUP)
      #expect(try await app.waitForExit() == .exit)
      #expect(app.process.terminationStatus == 128 + SIGHUP)
      #expect(app.settingsAreRestored)
      let saved = savedList(in: home)
      #expect(saved.contains("first") && saved.contains("second"), "\(saved)")
    }
  }

  @Test(arguments: [["TERM": "dumb"], [:]])
  func aDumbTerminalOrNoTERMGetsNoEscapeSequence(environment: [String: String]) async throws {
    try await withHome { home in
      let unset = environment.isEmpty ? ["TERM", "NO_COLOR"] : ["NO_COLOR"]
      let app = try PseudoTerminal(
        ["--offline", "--screen", "login", "--data-dir", home.path], stateHome: home,
        environment: environment, unset: unset)
      try await app.expect("login> ")
      // NOTE: the login completes while the person is at the prompt: a notice, once drawn
      // over the prompt's line with `\r ESC [K`.
      app.type("login ann\n")
      try await app.expect("loggedIn (ann)")
      app.type("nope\n")
      try await app.expect("Unknown command 'nope'")
      app.type(K.control("d"))
      _ = try await app.waitForExit()
      let text = String(decoding: app.output, as: UTF8.self)
      #expect(!text.contains("\u{1B}"), "\(text.debugDescription)")
    }
  }

  @Test func aHistoryThatCannotBeWrittenIsSaidAtStartOnItsOwn() async throws {
    try await withHome { home in
      let history = home.appendingPathComponent("gallery/history")
      try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
      let app = try gallery(home: home)
      try await app.expect("home> ")
      // NOTE: the warning comes before the first prompt, so it is there to read now.
      var descriptor = pollfd(
        fd: app.errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
      #expect(poll(&descriptor, 1, 0) == 1, "the warning is written before the first prompt")
      app.type("counter" + K.enter)
      try await app.expect("count: 0")
      app.type(K.control("d"))
      _ = try await app.waitForExit()
      let errors = app.standardError
      let warning = "gallery: no line history: cannot write to \(history.path) (not a regular file)"
      #expect(errors == warning + "\n", "\(errors.debugDescription)")
    }
  }

  @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgRedrawsTheLine() async throws {
    try await withHome { home in
      let app = try PseudoTerminal(
        ["--offline", "--data-dir", home.appendingPathComponent("data").path], stateHome: home,
        ownProcessGroup: true)
      try await app.expect("home> ")
      app.type("coun" + K.control("z"))
      let pid = app.process.processIdentifier
      #expect(try await Self.becomesStopped(pid), "Ctrl-Z stops the app")
      #expect(app.settingsAreRestored, "the terminal is as it was while the app is stopped")
      kill(pid, SIGCONT)
      try await app.expect("home> coun")
      app.type("ter" + K.enter)
      try await app.expect("count: 0")
      app.type(K.control("d"))
      #expect(try await app.waitForExit() == .exit)
      #expect(app.settingsAreRestored)
    }
  }

  @Test func aNoticeThatLogsSomeoneInRedrawsThePromptWithTheirName() async throws {
    try await withHome { home in
      let app = try gallery(["--screen", "login"], home: home)
      try await app.expect("login> ")
      app.type("login ann" + K.enter)
      try await app.expect("now loggedIn (ann)")
      let redrawn = try await app.expect("> ")
      #expect(redrawn.hasSuffix("login [ann]"), "\(redrawn.debugDescription)")
      app.type(K.control("d"))
      _ = try await app.waitForExit()
    }
  }

  /// Waits until `/proc/PID/stat` says the process is stopped (`T`).
  static func becomesStopped(_ pid: Int32, within limit: Duration = .seconds(20)) async throws
    -> Bool
  {
    try await ChildTest.onItsOwnThread {
      let deadline = ContinuousClock.now + limit
      while ContinuousClock.now < deadline {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // NOTE: the state follows the command name's closing parenthesis.
        if let close = stat.lastIndex(of: ")"), stat[close...].hasPrefix(") T") { return true }
        var none = pollfd(fd: -1, events: 0, revents: 0)
        _ = poll(&none, 1, 10)
      }
      return false
    }
  }
}
