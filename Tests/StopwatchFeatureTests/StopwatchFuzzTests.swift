import ActomatonTesting
import Foundation
import StopwatchFeature
import TestSupport
import Testing

/// Seeded random sequences of every action a host sends, at random times, checking the rules
/// after every step: time never runs backwards nor past the clock, laps add up, and ticks run
/// exactly while the stopwatch runs.
///
/// `FEATURE_FUZZ_STEPS=100000 swift test --filter StopwatchFuzzTests` for the long run;
/// `FEATURE_FUZZ_SEED=<seed>` replays a failure.
@Suite struct StopwatchFuzzTests {
  static let actions: [Stopwatch.Action] = [.start, .stop, .resume, .lap, .reset, .refresh]

  func problems(_ state: Stopwatch.State, ticking: Bool, now: Duration) -> [String] {
    var problems: [String] = []
    if state.elapsed < .zero || state.elapsed > now { problems.append("elapsed \(state.elapsed)") }
    let running = state.status == .running
    if running != (state.runningSince != nil) || running != ticking {
      problems.append("\(state.status), running since \(String(describing: state.runningSince))")
    }
    if state.laps.map(\.number) != Array(1..<state.laps.count + 1) {
      problems.append("laps numbered \(state.laps.map(\.number))")
    }
    var total = Duration.zero
    for lap in state.laps {
      total += lap.split
      if lap.total != total || lap.split < .zero { problems.append("lap \(lap.number) adds up") }
    }
    if let fastest = state.fastestLap, fastest == state.slowestLap {
      problems.append("lap \(fastest) is both fastest and slowest")
    }
    return problems
  }

  @Test func randomHostSessionsKeepTheRules() async {
    // NOTE: this target links no TestSupport, so it reads the same variables itself.
    let variables = ProcessInfo.processInfo.environment
    let seed = variables["FEATURE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x570B_3A7C
    let steps = variables["FEATURE_FUZZ_STEPS"].flatMap { Int($0) } ?? 600
    let seedText = String(seed)
    var random = SplitMix64(seed: seed)
    let clock = TestClock()
    let store = TestStore(
      initialState: Stopwatch.State(), reducer: Stopwatch.reducer,
      environment: .init(clock: clock, tickInterval: .milliseconds(100)), clock: clock)
    store.exhaustivity = .off
    var reported = 0
    for step in 0..<steps where reported < 5 {
      let action = random.pick(Self.actions)
      await store.send(action)
      await clock.advance(by: .milliseconds(random.chance(100) ? 0 : random.below(450)))
      await store.skipReceivedActions()
      let ticking = await !store.activeSubscriptions(Stopwatch.TickKey.self).isEmpty
      for problem in problems(store.state, ticking: ticking, now: clock.now.offset) {
        reported += 1
        Issue.record("FEATURE_FUZZ_SEED=\(seedText) step \(step) after \(action): \(problem)")
      }
    }
    await store.skipInFlightEffects()
    await store.finish()
  }
}
