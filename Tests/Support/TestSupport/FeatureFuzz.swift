import ActomatonTesting
import Foundation

/// What every feature fuzzer shares: the seed and length from the environment, a seeded random
/// source that clients can draw from too, and payloads at their extremes.
///
/// A short run is part of the suite; the long one is its own command:
/// `FEATURE_FUZZ_STEPS=100000 swift test --filter FuzzTests`. Reproduce a failure with the seed
/// its message gives: `FEATURE_FUZZ_SEED=<seed>`.
public enum FeatureFuzz {
  static let environment = ProcessInfo.processInfo.environment

  /// `FEATURE_FUZZ_SEED` (decimal or `0x` hexadecimal), else `defaultSeed`.
  public static func seed(default defaultSeed: UInt64) -> UInt64 {
    guard let text = environment["FEATURE_FUZZ_SEED"] else { return defaultSeed }
    let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    // NOTE: a bad seed is the person's mistake, not the feature's: say so and use the default.
    guard let parsed else {
      print("fuzz: FEATURE_FUZZ_SEED must be a number, got '\(text)'; using the default")
      return defaultSeed
    }
    return parsed
  }

  /// `FEATURE_FUZZ_STEPS`, else 600 (a second or two per feature).
  public static var steps: Int {
    environment["FEATURE_FUZZ_STEPS"].flatMap { Int($0) }.map { max($0, 1) } ?? 600
  }

  public static let extremeNumbers = [
    Int.min, Int.min + 1, -1, 0, 1, 2, 3, Int.max - 1, Int.max,
  ]

  public static let extremeTexts = [
    "", " ", "\n\t", "\u{200B}", "\u{FEFF}\u{2060}", "\u{0}", "\u{7}\u{1B}[2J", "ann\nbob",
    "👍🏽", "ü", "e\u{301}", "two words", String(repeating: "x", count: 1_001),
    String(repeating: "ab ", count: 20_000), "milk", "tea",
  ]

  public static func seedText(_ seed: UInt64) -> String {
    "0x" + String(seed, radix: 16, uppercase: true)
  }
}

/// SplitMix64 behind a lock: one stream for the fuzzer and the clients it drives, so a seed
/// replays the same run.
public final class FuzzRandom: Sendable {
  private let generator: Locked<SplitMix64>

  public init(seed: UInt64) { generator = Locked(SplitMix64(seed: seed)) }

  public func next() -> UInt64 { generator.withLock { $0.next() } }

  /// A number in `0..<bound`.
  public func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

  /// `true` `perMille` times in a thousand.
  public func chance(_ perMille: Int) -> Bool { below(1000) < perMille }

  public func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  /// A small position now and then an extreme one.
  public func position(upTo last: Int) -> Int {
    chance(200) ? pick(FeatureFuzz.extremeNumbers) : below(last + 2)
  }

  /// A plain text now and then an extreme one.
  public func text() -> String {
    chance(300) ? pick(FeatureFuzz.extremeTexts) : pick(["milk", "tea", "bread", " eggs "])
  }

  /// Waits as a fuzzed client answers: at once, late (up to 2 s of `clock`), or never; throws
  /// when cancelled meanwhile.
  public func answerDelay(on clock: TestClock) async throws {
    switch below(10) {
    case 0: try await clock.sleep(for: .seconds(36_000))
    case 1, 2, 3: break
    default: try await clock.sleep(for: .milliseconds(below(2_000)))
    }
  }
}
