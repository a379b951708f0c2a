import ChildTest
import Dispatch
import Foundation
import OutsideText
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The `gallery` binary at a pseudo-terminal, fed random bytes and keys (``TerminalFuzzGenerator``)
/// and signals at random points, then ended as people end it (`quit`, Ctrl-D, SIGTERM, SIGHUP,
/// two SIGINTs). After each run: the app exited by itself (no crash, no hang) with 0, or 128 +
/// the signal's number after SIGTERM or SIGHUP, the terminal is restored, and the saved list is
/// the list the screen showed last.
///
/// A short seeded run is part of the suite; the long run is its own command:
/// `TERMINAL_FUZZ_INPUTS=100000 swift test --filter TerminalFuzzTests`, and
/// `TERMINAL_FUZZ_SEED=<seed>` replays a failure (with `TERMINAL_FUZZ_RUNS=<run>,…` only the
/// failing runs).
@Suite(.serialized) struct TerminalFuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let defaultSeed: UInt64 = 0x7E2_F022

  static var seed: UInt64 {
    guard let text = environment["TERMINAL_FUZZ_SEED"] else { return defaultSeed }
    let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    guard let parsed else { fatalError("TERMINAL_FUZZ_SEED must be a number, got '\(text)'") }
    return parsed
  }

  static var inputCount: Int { environment["TERMINAL_FUZZ_INPUTS"].flatMap { Int($0) } ?? 60 }

  /// `TERMINAL_FUZZ_RUNS=590,2615`: only these runs are run (the others are generated and
  /// skipped), so a failure deep in a long run replays in seconds.
  static var onlyRuns: Set<Int>? {
    environment["TERMINAL_FUZZ_RUNS"].map { Set($0.split(separator: ",").compactMap { Int($0) }) }
  }

  @Test func randomTerminalInputNeverCrashesHangsOrLosesWhatTheScreenShowed() async throws {
    let seedText = "0x" + String(Self.seed, radix: 16, uppercase: true)
    print(
      "terminal fuzz: seed \(seedText), \(Self.inputCount) inputs (TERMINAL_FUZZ_SEED, _INPUTS)")
    var generator = TerminalFuzzGenerator(random: SplitMix64(seed: Self.seed))
    var (sent, run, problems, compared) = (0, 0, 0, 0)
    while sent < Self.inputCount, problems < 5 {
      let count = min(generator.random.int(5...40), Self.inputCount - sent)
      generator.startRun()
      let inputs = (0..<count).map { _ in generator.next() }
      let ending = generator.random.int(0...4)
      if let only = Self.onlyRuns, !only.contains(run) {
        (sent, run) = (sent + count, run + 1)
        continue
      }
      let (found, items) = try await Self.check(inputs, ending: ending)
      compared += items
      for problem in found {
        problems += 1
        let kinds = inputs.map(\.kind).joined(separator: ", ")
        Issue.record(
          "TERMINAL_FUZZ_SEED=\(seedText) run \(run) (ending \(ending)): \(problem)\n  inputs: \(kinds)"
        )
      }
      sent += count
      run += 1
    }
    print(
      "terminal fuzz: seed \(seedText), \(sent) inputs in \(run) runs, \(compared) items compared")
  }

  /// Runs the app through `inputs`, shows the list, ends the app the `ending` way; what was
  /// wrong, and how many items the list showed.
  static func check(_ inputs: [TerminalFuzzInput], ending: Int) async throws
    -> (problems: [String], items: Int)
  {
    let home = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let data = home.appendingPathComponent("data")
    let app = try PseudoTerminal(
      ["--offline", "--screen", "todo", "--data-dir", data.path], stateHome: home)
    try await app.expect("todo> ")
    let writer = InOrderWriter(app)
    for input in inputs { writer.send(input) }
    // NOTE: out of a Ctrl-R search, past an overlong line's rest and any question; then the
    // whole list, and a marker that says it has been drawn.
    let marker = "fuzz-end"
    writer.send(.bytes(Array("\u{07}\r\r\r\u{15}todo\rfilter all\rlist\r\(marker)\r".utf8)))
    do {
      try await app.expect("Unknown command '\(marker)'")
    } catch {
      let state =
        app.process.isRunning
        ? "still running"
        : "ended (\(app.process.terminationReason.rawValue), \(app.process.terminationStatus))"
      return (
        ["the list was never shown; the app is \(state): \(app.rest.suffix(300).debugDescription)"],
        0
      )
    }
    let shown = Self.lastList(in: app.output, before: marker)
    switch ending {
    case 0: writer.send(.bytes(Array("quit\r".utf8)))
    case 1: writer.send(.bytes([0x04]))
    case 2: writer.signal(SIGTERM)
    case 3: writer.signal(SIGHUP)
    default:
      writer.signal(SIGINT)
      try await app.expect("press Ctrl-C again")
      writer.signal(SIGINT)
    }
    guard (try? await app.waitForExit()) == .exit else {
      return (["the app did not exit by itself: \(app.process.terminationReason.rawValue)"], 0)
    }
    var problems: [String] = []
    let status = app.process.terminationStatus
    // NOTE: exact: no random input ends the app (see `TerminalFuzzGenerator`), so a signal's
    // ending gives 128 + its number (a SIGTERM's ended with 0 once) and every other one 0.
    let expected = ending == 2 ? 128 + SIGTERM : ending == 3 ? 128 + SIGHUP : 0
    if status != expected { problems.append("exit status \(status), not \(expected)") }
    if !app.settingsAreRestored { problems.append("the terminal's settings were not restored") }
    let saved = Self.savedList(data)
    if let mismatch = Self.compare(shown: shown, saved: saved) { problems.append(mismatch) }
    return (problems, shown.count)
  }

  /// The items of the last list drawn before `marker`, as shown: (completed, text).
  static func lastList(in output: [UInt8], before marker: String) -> [(Bool, String)] {
    let text = String(decoding: output, as: UTF8.self)
    guard let end = text.range(of: "Unknown command '\(marker)'", options: .backwards),
      let start = text.range(
        of: " completed", options: .backwards, range: text.startIndex..<end.lowerBound)
    else { return [] }
    // NOTE: scalars, not characters: an item may start with a mark (U+200D, U+0301) that
    // would join the space before it into one character.
    var items: [(Bool, String)] = []
    let listed = text[start.upperBound..<end.lowerBound].unicodeScalars
    for line in listed.split(separator: "\n") {
      var scalars = Array(line)
      if scalars.last == "\r" { scalars.removeLast() }
      let digits = scalars.dropFirst(2).prefix { $0.properties.numericType != nil }
      let head = Array("  ".unicodeScalars) + Array(digits) + Array(". [".unicodeScalars)
      guard !digits.isEmpty, scalars.starts(with: head), scalars.count >= head.count + 3,
        scalars[head.count + 1] == "]", scalars[head.count + 2] == " "
      else { continue }
      let mark = scalars[head.count]
      guard mark == " " || mark == "x" else { continue }
      let rest = scalars[(head.count + 3)...]
      items.append((mark == "x", String(String.UnicodeScalarView(rest))))
    }
    return items
  }

  struct SavedItem: Decodable {
    var text: String
    var isCompleted: Bool
  }

  struct SavedFile: Decodable { var items: [SavedItem] }

  static func savedList(_ data: URL) -> [SavedItem] {
    let file = data.appendingPathComponent("todos.json")
    guard let contents = try? Data(contentsOf: file) else { return [] }
    return (try? JSONDecoder().decode(SavedFile.self, from: contents))?.items ?? []
  }

  /// What differs between the list shown and the list saved; a saved text is compared as the
  /// screen shows it (control and invisible characters made visible by the one rule).
  static func compare(shown: [(Bool, String)], saved: [SavedItem]) -> String? {
    guard shown.count == saved.count else {
      let shownTexts = shown.map { String($0.1.prefix(24)) }
      let savedTexts = saved.map { String($0.text.prefix(24)) }
      return "the screen showed \(shown.count) item(s), the file holds \(saved.count): "
        + "shown \(shownTexts), saved \(savedTexts)"
    }
    for (index, (item, shownItem)) in zip(saved, shown).enumerated() {
      if item.isCompleted != shownItem.0 || item.text.terminalSafe != shownItem.1 {
        return "item \(index + 1): shown \(shownItem.1.debugDescription) (\(shownItem.0)), "
          + "saved \(item.text.debugDescription) (\(item.isCompleted))"
      }
    }
    return nil
  }
}

/// Writes to the app's terminal and signals it in the order asked, from a queue of its own, so
/// that a huge paste never blocks the test while the app waits for its drawing to be read.
final class InOrderWriter: Sendable {
  private let queue = DispatchQueue(label: "terminal-fuzz-writer")
  private let master: Int32
  private let pid: Int32

  init(_ app: PseudoTerminal) {
    master = app.master
    pid = app.process.processIdentifier
  }

  func send(_ input: TerminalFuzzInput) {
    switch input {
    case let .bytes(bytes):
      queue.async { [master] in
        var offset = 0
        while offset < bytes.count {
          let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
          if written < 0, errno == EINTR { continue }
          guard written > 0 else { return }
          offset += written
        }
      }
    case let .signal(number): signal(number)
    }
  }

  func signal(_ number: Int32) { queue.async { [pid] in _ = kill(pid, number) } }
}
