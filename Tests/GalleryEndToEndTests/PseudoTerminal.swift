import ChildTest
import Foundation
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The `gallery` binary on a pseudo-terminal, as a person at a terminal runs it: keys are
/// written to the terminal's master side and the screen's bytes read back from it. Every wait
/// is for text to appear (or the process to end), with a generous deadline that only stops a
/// hang, never a fixed time; it blocks a thread of its own, never one of the cooperative pool's.
// NOTE: one test drives a terminal and awaits each wait before the next: the thread a wait reads
// on is the only one touching what was read until it returns (`type` only writes to `master`).
final class PseudoTerminal: @unchecked Sendable {
  struct Timeout: Error, CustomStringConvertible {
    let description: String
  }

  let master: Int32
  /// Kept open by the test, to read the terminal's settings after the app has gone.
  let slave: Int32
  let process: ChildProcess
  let errors: ChildProcess.Pipe
  /// Everything the app has drawn so far.
  private(set) var output: [UInt8] = []
  /// Where the last `expect` found its text: the next one looks after it.
  private var mark = 0
  /// The terminal's settings before the app started.
  let settingsBefore: termios

  /// Starts `gallery` with `arguments` on a new 80×24 terminal; `TERM=xterm`, no colour, and
  /// the state (history) in `stateHome` unless `environment` says otherwise; the variables
  /// named in `unset` are left out. With `ownProcessGroup`, the app leads a process group of
  /// its own whose parent (the test) is outside it, as a shell's job is: a group without one is
  /// orphaned, and the kernel discards its SIGTSTP. With `errorsOnTerminal`, standard error is
  /// the terminal too, as in a shell.
  init(
    _ arguments: [String], stateHome: URL, environment extra: [String: String] = [:],
    unset: [String] = [], ownProcessGroup: Bool = false, errorsOnTerminal: Bool = false,
    executable program: URL = GalleryProcess.executable
  ) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw Timeout(description: "openpty failed: errno \(errno)")
    }
    // NOTE: as the pipes are: no other child may hold the terminal open.
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    self.master = master
    self.slave = slave
    var settings = termios()
    tcgetattr(slave, &settings)
    settingsBefore = settings
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm"
    environment["NO_COLOR"] = "1"
    environment["XDG_STATE_HOME"] = stateHome.path
    for (key, value) in extra { environment[key] = value }
    for key in unset { environment[key] = nil }
    errors = try ChildProcess.Pipe()
    let executable = ownProcessGroup ? "/usr/bin/perl" : program.path
    let prefix = ownProcessGroup ? ["-e", "setpgrp(0, 0); exec @ARGV or die", program.path] : []
    process = try ChildProcess(
      executable, prefix + arguments, environment: environment, input: .descriptor(slave),
      output: .descriptor(slave), errors: errorsOnTerminal ? .descriptor(slave) : .pipe(errors))
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    close(master)
    close(slave)
  }

  /// Types `keys` (bytes as UTF-8; escape sequences and control characters as they are).
  func type(_ keys: String) {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Types `keys` from a thread of its own, as a paste larger than the terminal's buffer: the
  /// app draws while it reads, and the test must read that meanwhile (`expect`).
  func paste(_ keys: String) {
    let bytes = Array(keys.utf8)
    let master = self.master
    Thread {
      var offset = 0
      while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }.start()
  }

  /// Waits until `text` appears after the last text expected; returns what came before it.
  @discardableResult
  func expect(
    _ text: String, within limit: Duration = .hangStop,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    let needle = Array(text.utf8)
    let found = try await ChildTest.onItsOwnThread { self.readUntil(needle, within: limit) }
    guard let found else {
      let screen = String(decoding: output[mark...], as: UTF8.self)
      Issue.record(
        "never saw \(text.debugDescription); after the last match: \(screen.debugDescription)",
        sourceLocation: sourceLocation)
      throw Timeout(description: "never saw \(text.debugDescription)")
    }
    let before = String(decoding: output[mark..<found], as: UTF8.self)
    mark = found + needle.count
    return before
  }

  /// Waits for the app to exit (at most `limit`), reading what it drew last.
  func waitForExit(within limit: Duration = .hangStop) async throws
    -> Process.TerminationReason
  {
    let exited = try await ChildTest.onItsOwnThread { self.readUntilExit(within: limit) }
    guard exited else { throw Timeout(description: "still running") }
    return process.terminationReason
  }

  /// The terminal's settings now (after the app has exited: what it left behind).
  var settingsNow: termios {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings
  }

  /// Whether the settings left behind are those the terminal had before the app.
  // NOTE: field by field: `memcmp` over the whole struct also compared its padding, which a
  // copy of the struct need not keep.
  var settingsAreRestored: Bool {
    let (before, now) = (settingsBefore, settingsNow)
    func controlCharacters(_ settings: termios) -> [cc_t] {
      withUnsafeBytes(of: settings.c_cc) { Array($0) }
    }
    return before.c_iflag == now.c_iflag && before.c_oflag == now.c_oflag
      && before.c_cflag == now.c_cflag && before.c_lflag == now.c_lflag
      && before.c_line == now.c_line && controlCharacters(before) == controlCharacters(now)
      && before.c_ispeed == now.c_ispeed && before.c_ospeed == now.c_ospeed
  }

  /// Everything drawn after the last text expected.
  var rest: String { String(decoding: output[mark...], as: UTF8.self) }

  var standardError: String {
    String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
  }

  /// Reads until `needle` appears after `mark`, the app has gone, or `limit` has passed (blocking:
  /// on a thread of its own); where the needle starts, if it came.
  private func readUntil(_ needle: [UInt8], within limit: Duration) -> Int? {
    let deadline = ContinuousClock.now + limit
    while true {
      if let found = find(needle) { return found }
      guard ContinuousClock.now < deadline, readSome() || process.isRunning else { return nil }
    }
  }

  /// Reads until the app has exited and drawn its last, or `limit` has passed (blocking: on a
  /// thread of its own); whether it exited.
  private func readUntilExit(within limit: Duration) -> Bool {
    let deadline = ContinuousClock.now + limit
    while process.isRunning {
      guard ContinuousClock.now < deadline else { return false }
      _ = readSome()
    }
    while readSome() {}
    return true
  }

  /// Reads what is there within 50 ms; whether anything came.
  private func readSome() -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 50) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    output += buffer.prefix(count)
    return true
  }

  private func find(_ needle: [UInt8]) -> Int? {
    guard output.count - mark >= needle.count else { return nil }
    return (mark...(output.count - needle.count)).first {
      output[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }
}

/// Keys as a terminal sends them.
enum Keys {
  static let enter = "\r"
  static let tab = "\t"
  static let backspace = "\u{7F}"
  static let up = "\u{1B}[A"
  static let down = "\u{1B}[B"
  static let right = "\u{1B}[C"
  static let left = "\u{1B}[D"
  static let home = "\u{1B}[H"
  static let end = "\u{1B}[F"
  static let delete = "\u{1B}[3~"

  /// Ctrl and a letter: `control("a")` is Ctrl-A.
  static func control(_ letter: Character) -> String {
    String(UnicodeScalar(letter.asciiValue! & 0x1F))
  }
}

/// A suite of the gallery at a terminal: a folder of its own for each test, the app in it.
protocol TerminalSuite {}

extension TerminalSuite {
  func withHome(_ body: (URL) async throws -> Void) async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  /// `gallery --offline`, its list in `home`/data and its state (the history) in `home`.
  func gallery(_ arguments: [String] = [], home: URL, errorsOnTerminal: Bool = false) throws
    -> PseudoTerminal
  {
    let data = home.appendingPathComponent("data").path
    return try PseudoTerminal(
      ["--offline", "--data-dir", data] + arguments, stateHome: home,
      errorsOnTerminal: errorsOnTerminal)
  }
}
