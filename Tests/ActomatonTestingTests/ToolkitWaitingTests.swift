import ActomatonTesting
import Testing

@testable import Actomaton

/// Waiting (issue #29): correct tests that used to fail (items 4, 5), a runaway effect that used
/// to hang (item 7), and a time-out that used to be ignored (item 16).
@Suite struct ToolkitWaitingTests {
  @Test func workOffTheExecutorIsWaitedForWhileATimerSleepsOnTheClock() async {
    let (store, clock) = Probe.store()
    await store.send(.start)
    await store.send(.fetch)
    await store.receive(.fetched) { $0.note = "fetched" }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stop)
    await store.finish()
  }

  @Test func taskFinishWaitsForWorkOffTheExecutorWhileATimerSleeps() async {
    let (store, _) = Probe.store()
    await store.send(.start)
    let fetch = await store.send(.fetch)
    await fetch.finish()
    await store.receive(.fetched) { $0.note = "fetched" }
    await store.send(.stop)
    await store.finish()
  }

  @Test func nonExhaustiveReceiveSkipsAnUnrelatedActionAndAdvancesTheClock() async {
    let (store, clock) = Probe.store(exhaustivity: .off)
    await store.send(.start)
    await store.send(.ping)
    await store.receive(.tick, timeout: .seconds(1)) { $0.ticks = 1 }
    #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
    #expect(store.state.note == "pong")
    await store.send(.stop)
  }

  /// An effect that never settles (a timer on an immediate clock, a yield loop) fails its send.
  @Test(arguments: [
    (Probe.Action.startImmediate, ["never settle", "send(startImmediate)", "tick"]),
    (.spin, ["send(spin)"]),
  ])
  func anUnsettledEffectFailsTheSendInsteadOfHanging(_ action: Probe.Action, says: [String]) async {
    var line = 0
    let issues = await recordedIssues {
      let (store, _) = Probe.store()
      store.settlingLimit = 2_000
      line = #line + 1
      await store.send(action)
    }
    #expect(issues.map(\.line) == [line], "\(issues)")
    for text in says { #expect(issues.first?.text.contains(text) == true, "\(issues)") }
  }

  @Test func withoutAClockReceiveWaitsOnlyItsTimeoutInRealTime() async {
    var line = 0
    let start = ContinuousClock.now
    let issues = await recordedIssues {
      let store = TestStore(
        initialState: Probe.State(), reducer: Probe.reducer(clock: TestClock()),
        exhaustivity: .on)
      // NOTE: were the timeout ignored, `receive` would wait this long: far above the bound below,
      // which leaves room for a loaded machine (108 s seen under the thread sanitizer).
      store.safetyLimit = .seconds(1_000)
      await store.send(.hang)
      line = #line + 1
      await store.receive(.fetched, timeout: .milliseconds(100))
      await store.skipInFlightEffects()
    }
    #expect(ContinuousClock.now - start < .seconds(300))
    #expect(issues.map(\.line) == [line], "\(issues)")
    #expect(issues.first?.text.contains("pass a `timeout:`") == false, "\(issues)")
    #expect(issues.first?.text.contains("within 0.1 seconds") == true, "\(issues)")
  }
}
