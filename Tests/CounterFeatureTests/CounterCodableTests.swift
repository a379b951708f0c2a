import CounterFeature
import TestSupport
import Testing

/// The counter's state and actions survive a recording: encoded and decoded, they are equal.
@Suite struct CounterCodableTests {
  @Test func everyActionRoundTrips() throws {
    let actions: [Counter.Action] = [.increment, .decrement, .reset, .set(.min), .set(42)]
    for action in actions { #expect(try roundTripped(action) == action) }
  }

  @Test func theStateRoundTrips() throws {
    let states = [
      Counter.State(), Counter.State(count: .max, refusal: "The count is at its largest."),
    ]
    for state in states { #expect(try roundTripped(state) == state) }
  }
}
