import ActomatonTesting
import StopwatchFeature
import Testing

/// What a GUI host meets: ticks between its taps, equal laps, and environments it rebuilds.
@Suite struct StopwatchHostTests {
  @Test func aRefusalOutlivesTheNextTick() async {
    let (store, clock) = StopwatchTests.store()
    await StopwatchTests.start(store)
    await store.send(.start) { $0.refusal = "Cannot start while the stopwatch is running." }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._tick) { $0.elapsed = .milliseconds(500) }
    #expect(store.state.refusal == "Cannot start while the stopwatch is running.")
    await store.send(.refresh) { $0.refusal = nil }
    await store.send(.stop) {
      $0.status = .paused
      $0.accumulated = .milliseconds(500)
      $0.runningSince = nil
    }
    await store.finish()
  }

  /// One lap, or equal laps, mark neither a fastest nor a slowest lap.
  @Test func oneLapOrEqualLapsAreNeitherFastestNorSlowest() {
    var state = Stopwatch.State()
    state.laps = [Stopwatch.Lap(number: 1, split: .seconds(1), total: .seconds(1))]
    #expect(state.fastestLap == nil, "one lap")
    #expect(state.slowestLap == nil, "one lap")
    state.laps.append(Stopwatch.Lap(number: 2, split: .seconds(1), total: .seconds(2)))
    #expect(state.fastestLap == nil)
    #expect(state.slowestLap == nil)
    state.laps.append(Stopwatch.Lap(number: 3, split: .seconds(2), total: .seconds(4)))
    #expect(state.fastestLap == 1)
    #expect(state.slowestLap == 3)
  }

  @Test(arguments: [Duration.zero, .milliseconds(-5), .seconds(Int64.min)])
  func aTickIntervalOfZeroOrLessIsRaisedToOneMillisecond(_ interval: Duration) {
    let environment = Stopwatch.Environment(clock: TestClock(), tickInterval: interval)
    #expect(environment.tickInterval == .milliseconds(1))
  }
}
