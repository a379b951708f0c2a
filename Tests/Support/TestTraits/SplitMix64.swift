/// SplitMix64: a tiny generator whose stream depends only on its seed, on every platform and
/// toolchain (the standard library's `random(in:using:)` algorithms may change between releases,
/// so the helpers below draw from `next()` directly).
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`; the modulo bias is irrelevant for a fuzzer.
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// A number in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// `true` `perMille` times in a thousand.
  public mutating func chance(_ perMille: Int) -> Bool { below(1000) < perMille }

  public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  /// Picks a value by weight: `[(3, a), (1, b)]` gives `a` three times as often as `b`.
  public mutating func weighted<T>(_ items: [(Int, T)]) -> T {
    var roll = below(items.reduce(0) { $0 + $1.0 })
    for (weight, item) in items {
      if roll < weight { return item }
      roll -= weight
    }
    return items[items.count - 1].1
  }

  public mutating func bytes(_ count: Int, in range: ClosedRange<UInt8> = 0...255) -> [UInt8] {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    var bytes = [UInt8](repeating: 0, count: count)
    for index in bytes.indices { bytes[index] = range.lowerBound + UInt8(next() % span) }
    return bytes
  }
}
