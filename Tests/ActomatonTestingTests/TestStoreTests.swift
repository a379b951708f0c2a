import ActomatonTesting
import Testing

@testable import Actomaton

@Suite struct TestStoreTests {
  @Test func timerTestAssertsEveryTickWithoutWaiting() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timer.State(), reducer: Timer.reducer(clock: clock), clock: clock)
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.send(.stop) { $0.isRunning = false }
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(store.state == Timer.State(isRunning: false, ticks: 3))
  }

  @Test func receiveCanAdvanceTheClockWithinItsTimeout() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timer.State(), reducer: Timer.reducer(clock: clock), clock: clock)
    await store.send(.start) { $0.isRunning = true }
    await store.receive(.tick, timeout: .seconds(1)) { $0.ticks = 1 }
    #expect(clock.now == .init(offset: .seconds(1)))
    await store.send(.stop) { $0.isRunning = false }
  }

  @Test func nextActionsAndEffectActionsAreReceivedInOrder() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer.reducer(clock: TestClock()))
    await store.send(.chain)
    await store.receive(.echo("first")) { $0.note = "first" }
    await store.receive(.echo("second")) { $0.note = "second" }
    await store.send(.ping)
    await store.receive(/Timer.Action.pong) { $0.note = "pong" }
  }

  @Test func receiveByPredicate() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer.reducer(clock: TestClock()))
    await store.send(.ping)
    await store.receive(where: { $0 == .pong }) { $0.note = "pong" }
  }

  @Test func nonExhaustiveStoreChecksOnlyWhatIsAsserted() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timer.State(), reducer: Timer.reducer(clock: clock), clock: clock,
      exhaustivity: .off)
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.echo("x")) { $0.note = "x" }  // the other two ticks are skipped
    #expect(store.state == Timer.State(isRunning: true, ticks: 3, note: "x"))
    await store.finish()  // the timer is still running: cancelled silently
  }
}
