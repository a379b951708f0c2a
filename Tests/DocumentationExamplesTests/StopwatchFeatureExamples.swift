import Actomaton
import StopwatchFeature
import Testing

/// The listing of "Using it" on StopwatchFeature's page
/// (`Features/Stopwatch/StopwatchFeature.docc`). It runs on the continuous clock, as a host
/// does, so the lap is measured, not set.
@Suite struct StopwatchFeatureExamples {
  @Test func aLapTakenAfter300msIsAbout300msLongAndResetClearsIt() async throws {
    let stopwatch = Actomaton(
      state: Stopwatch.State(), reducer: Stopwatch.reducer,
      environment: Stopwatch.Environment(clock: ContinuousClock(), tickInterval: .milliseconds(16)))
    await stopwatch.send(.start)
    try await Task.sleep(for: .milliseconds(300))
    await stopwatch.send(.lap)
    await stopwatch.send(.stop)
    let laps = await stopwatch.state.laps  // one lap, about 300 ms long
    await stopwatch.send(.reset)
    #expect(laps.map(\.number) == [1])
    let split = try #require(laps.first).split
    #expect(laps.first?.total == split)
    // NOTE: a sleep lasts at least what it asks, and the lap is read from the same clock; no
    // upper bound, which would measure the machine's load (speed is the benchmark's to claim).
    #expect(split >= .milliseconds(300), "split: \(split)")
    #expect(await stopwatch.state == Stopwatch.State())
  }
}
