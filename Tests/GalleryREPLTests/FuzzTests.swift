import Foundation
import TestSupport
import Testing

@testable import ActomatonREPL
@testable import GalleryApp

/// Random lines through the engine: no crash, every line answered, every invalid line refused
/// with a message, and the app's invariants after every line.
///
/// Reproduce a failure with the seed its message gives: `FUZZ_SEED=<seed> swift test --filter
/// FuzzTests`; `FUZZ_LINES` changes the number of lines.
@Suite struct FuzzTests {
  static let defaultSeed: UInt64 = 0x5EED_0009_F022
  static let environment = ProcessInfo.processInfo.environment

  /// `FUZZ_SEED` (decimal or `0x` hexadecimal), else a fixed seed so that every run is the same.
  static var seed: UInt64 {
    guard let text = environment["FUZZ_SEED"] else { return defaultSeed }
    let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    guard let parsed else { fatalError("FUZZ_SEED must be a number, got '\(text)'") }
    return parsed
  }

  // NOTE: 20,000 under a sanitizer: 100,000 sanitized lines take a core for minutes, and the
  // other suites running beside them on two cores then miss their time limits.
  static var lineCount: Int {
    environment["FUZZ_LINES"].flatMap { Int($0) }
      ?? (dlsym(nil, "__sanitizer_get_current_allocated_bytes") != nil ? 20_000 : 100_000)
  }

  @Test func randomLinesAreAllAnsweredAndKeepTheInvariants() async {
    let (seed, count) = (Self.seed, Self.lineCount)
    let seedText = "0x" + String(seed, radix: 16, uppercase: true)
    print("fuzz: seed \(seedText), \(count) lines (FUZZ_SEED, FUZZ_LINES)")  // before any crash
    let start = ContinuousClock.now
    let session = FuzzSession()
    var generator = FuzzGenerator(seed: seed, lineCount: count)
    var kinds: [FuzzLine.Kind: Int] = [:]
    var (index, reported) = (0, 0)
    var context = FuzzContext()
    while index < count, reported < 10 {
      for line in generator.next(context, index: index) {
        let screen = context.screen ?? "home"
        let (problems, output) = await session.run(line)
        let (invariants, next) = await session.check()
        context = next
        kinds[line.kind, default: 0] += 1
        for problem in problems + invariants {
          reported += 1
          Issue.record(
            """
            FUZZ_SEED=\(seedText) line \(index) (\(line.kind), on \(screen)): \(problem)
              line (\(line.text.utf8.count) bytes): \(line.text.clipped(120).debugDescription)
              output: \(output.clipped(300).debugDescription)
            """)
        }
        index += 1
      }
    }
    await session.engine.finish()
    let effects = await session.engine.actomaton.effectCount
    #expect(effects == 0 && session.clock.sleeperCount == 0, "FUZZ_SEED=\(seedText): work left")
    let saved = (try? await session.storage.load()) ?? []
    #expect(Set(saved.map(\.id)).count == saved.count, "FUZZ_SEED=\(seedText): saved ids repeat")
    let summary = kinds.sorted { $0.value > $1.value }.map { "\($0.key.rawValue) \($0.value)" }
    print(
      "fuzz: seed \(seedText), \(index) lines in \(ContinuousClock.now - start), "
        + "\(session.restarts) restarts; " + summary.joined(separator: ", "))
  }

  /// Control keys, escape sequences (whole, cut, corrupted) and UTF-8 through the line editor's
  /// key decoder, session and renderer: reads split anywhere decode the same, the line never
  /// holds a control character, and the drawing sends only the editor's own sequences.
  @Test func randomKeysThroughTheLineEditor() {
    let seed = Self.seed
    let seedText = "0x" + String(seed, radix: 16, uppercase: true)
    var keys = FuzzKeys(random: SplitMix64(seed: seed))
    var reported = 0
    for round in 0..<max(1, Self.lineCount / 500) where reported < 10 {
      let bursts = (0..<keys.random.int(1...8)).map { _ in keys.burst() }
      for problem in keys.check(bursts, columns: keys.random.int(1...100)) {
        reported += 1
        Issue.record("FUZZ_SEED=\(seedText) round \(round): \(problem)")
      }
    }
  }

  @Test func standardInputIsDecodedAsReadLineDoes() {
    let bytes: [UInt8] = Array("a\r\nb\n\nc\r".utf8) + [0xFF, 0x0A, 0xC3]
    #expect(StandardInputLines.decode(bytes) == ["a", "b", "", "c\r\u{FFFD}", "\u{FFFD}"])
  }
}
