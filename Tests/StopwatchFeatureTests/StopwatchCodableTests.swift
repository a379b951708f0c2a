import StopwatchFeature
import TestSupport
import Testing

/// The stopwatch's state and actions survive a recording: encoded and decoded, they are equal.
@Suite struct StopwatchCodableTests {
  @Test func everyActionRoundTrips() throws {
    let actions: [Stopwatch.Action] = [.start, .stop, .resume, .lap, .reset, .refresh, ._tick]
    for action in actions { #expect(try roundTripped(action) == action) }
  }

  @Test func theStateRoundTripsToTheAttosecond() throws {
    var running = Stopwatch.State()
    running.status = .running
    running.elapsed = .seconds(65) + .nanoseconds(1)
    running.accumulated = .milliseconds(1_500)
    running.runningSince = Duration(secondsComponent: -3, attosecondsComponent: -7)
    running.laps = [
      Stopwatch.Lap(number: 1, split: .seconds(1), total: .seconds(1)),
      Stopwatch.Lap(number: 2, split: .milliseconds(250), total: .milliseconds(1_250)),
    ]
    var paused = running
    paused.status = .paused
    paused.runningSince = nil
    paused.refusal = "The stopwatch is not running."
    for state in [Stopwatch.State(), running, paused] { #expect(try roundTripped(state) == state) }
  }
}
