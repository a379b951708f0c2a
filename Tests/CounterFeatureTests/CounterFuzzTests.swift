import ActomatonTesting
import CounterFeature
import Foundation
import TestSupport
import Testing

/// Seeded random sequences of every action, with `set` at the extremes of Int: the count moves
/// by one or is refused at its bounds, and nothing traps.
///
/// `FEATURE_FUZZ_STEPS=100000 swift test --filter CounterFuzzTests` for the long run;
/// `FEATURE_FUZZ_SEED=<seed>` replays a failure.
@Suite struct CounterFuzzTests {
  static let extremes = [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max]

  @Test func randomSessionsMoveByOneOrRefuseAtTheBounds() async {
    let variables = ProcessInfo.processInfo.environment
    let seed = variables["FEATURE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0xC0_0273
    let steps = variables["FEATURE_FUZZ_STEPS"].flatMap { Int($0) } ?? 600
    var random = SplitMix64(seed: seed)
    func below(_ bound: Int) -> Int { random.below(bound) }
    let store = TestStore(initialState: Counter.State(), reducer: Counter.reducer)
    store.exhaustivity = .off
    var reported = 0
    for step in 0..<steps where reported < 5 {
      let before = store.state.count
      let action: Counter.Action =
        switch below(4) {
        case 0: .increment
        case 1: .decrement
        case 2: .reset
        default: .set(Self.extremes[below(Self.extremes.count)])
        }
      await store.send(action)
      let after = store.state
      let fine =
        switch action {
        case .increment: before == .max ? after.refusal != nil : after.count == before + 1
        case .decrement: before == .min ? after.refusal != nil : after.count == before - 1
        case .reset: after.count == 0
        case let .set(value): after.count == value
        }
      if !fine {
        reported += 1
        Issue.record("FEATURE_FUZZ_SEED=\(seed) step \(step): \(action) from \(before): \(after)")
      }
    }
    await store.finish()
  }
}
