import ActomatonTesting
import TestTraits
import Testing

/// Optional and enum-case children: their effects end when their state goes.
@Suite(.hangGuard)
struct ChildLiftTests {
  @Test func anOptionalChildStartsInItsScopeAndItsEffectsEndWithIt() async {
    let (store, clock) = Parent.store()
    await store.send(.setDetail(Row.State(id: 9))) { $0.detail = Row.State(id: 9) }
    // onStart sent `.start`: its timer runs in the detail's scope, and leaving cancels it.
    await store.receive(.detail(.start))
    await store.send(.setDetail(nil)) { $0.detail = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.stopped("detail")) { $0.stopped = ["detail"] }
    await store.finish()
  }

  @Test func onStopIsNotCancelledByTheStop() async {
    let (store, clock) = Parent.store(Parent.State(detail: Row.State(id: 9)))
    await store.send(.setDetail(nil)) { $0.detail = nil }
    #expect(await store.liveEffectIDs().count == 1, "the late onStop runs")
    await clock.advance(by: .seconds(1))
    await store.receive(.stopped("detail")) { $0.stopped = ["detail"] }
    await store.finish()
  }

  @Test func aChildReplacedByAnotherCaseWhileItsEffectWaitsInAQueue() async {
    let (store, clock) = Parent.store(
      Parent.State(detail: Row.State(id: 9), screen: .row(Row.State(id: 1))))
    await store.send(.screen(.enqueue(1)))
    await store.send(.screen(.enqueue(2)))  // waits behind the first
    await store.send(.detail(.enqueue(3)))  // the same queue in another scope
    await store.send(.show(.other)) { $0.screen = .other }
    #expect(await store.liveEffectIDs().count == 1, "the screen's running and waiting are gone")
    await clock.advance(by: .seconds(3))
    await store.receive(.detail(.done(3))) { $0.detail?.count = 3 }
    await store.finish()
  }

  @Test func anActionForAMissingCaseIsDroppedAndReported() async throws {
    let actomaton = Actomaton(
      state: Parent.State(screen: .other), reducer: Parent.reducer(clock: TestClock()))
    let task = await actomaton.send(.screen(.tick))
    await #expect(throws: ChildActionDropped.self) { try await task?.value }
    #expect(await actomaton.state == Parent.State(screen: .other))
  }

  @Test func aChildsCancelReachesOnlyItsOwnScope() async {
    let (store, clock) = Parent.store(
      Parent.State(rows: [Row.State(id: 1)], screen: .row(Row.State(id: 2))))
    await store.send(.row(1, .start))
    await store.send(.screen(.start))
    await store.send(.screen(.cancelTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .tick)) { $0.rows[id: 1]?.count = 1 }
    await store.finish()
  }
}
