import ActomatonTesting
import TestTraits
import Testing

/// An identified collection of children: per-element effects that end with their element.
@Suite(.hangGuard)
struct ChildrenLiftTests {
  @Test func anActionReachesOnlyItsElement() async {
    let (store, _) = Parent.store()
    await store.send(.add(1)) { $0.rows = [Row.State(id: 1)] }
    await store.send(.add(2)) { $0.rows.append(Row.State(id: 2)) }
    await store.send(.row(2, .tick)) { $0.rows[id: 2]?.count = 1 }
    await store.finish()
  }

  @Test func twoElementsWithTheSameEffectIDNeverCancelEachOther() async {
    let (store, clock) = Parent.store(Parent.State(rows: [Row.State(id: 1), Row.State(id: 2)]))
    await store.send(.row(1, .start))
    await store.send(.row(2, .start))
    await store.send(.row(1, .cancelTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.count = 1 }
    await store.finish()
  }

  @Test func twoElementsWithTheSameQueueDoNotWaitForEachOther() async {
    let (store, clock) = Parent.store(Parent.State(rows: [Row.State(id: 1), Row.State(id: 2)]))
    await store.send(.row(1, .enqueue(5)))
    await store.send(.row(2, .enqueue(7)))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .done(5))) { $0.rows[id: 1]?.count = 5 }
    await store.receive(.row(2, .done(7))) { $0.rows[id: 2]?.count = 7 }
    await store.finish()
  }

  @Test func removingAnElementMidEffectCancelsItsEffectsAndRunsOnStop() async {
    let (store, clock) = Parent.store(Parent.State(rows: [Row.State(id: 1), Row.State(id: 2)]))
    await store.send(.row(1, .start))
    await store.send(.row(1, .enqueue(3)))
    await store.send(.row(1, .enqueue(4)))  // waits in row 1's queue
    await store.send(.row(2, .start))
    await store.send(.remove(1)) { $0.rows = [Row.State(id: 2)] }
    await store.receive(.stopped("row 1")) { $0.stopped = ["row 1"] }
    #expect(await store.liveEffectIDs().count == 1, "only row 2's timer is left")
    await clock.advance(by: .seconds(5))
    await store.receive(.row(2, .tick)) { $0.rows[id: 2]?.count = 1 }
    await store.finish()
  }

  @Test func anActionForARemovedElementIsDroppedAndReported() async throws {
    let errors = EventLog<String>()
    let events = EventLog<String>()
    let actomaton = Actomaton(
      state: Parent.State(rows: [Row.State(id: 1), Row.State(id: 2)]),
      reducer: Parent.reducer(clock: TestClock()),
      onError: errors.errorHook,
      observer: events.effectEvents { event in
        if case .threw = event.kind { "threw" } else { nil }
      })
    await actomaton.send(.remove(1))
    let task = await actomaton.send(.row(1, .tick))
    await #expect(throws: ChildActionDropped.self) { try await task?.value }
    #expect(await actomaton.state.rows == [Row.State(id: 2)], "never applied to another row")
    #expect(errors.entries.count == 1)
    #expect(errors.entries.first?.contains("[1]") == true)
    #expect(events.entries == ["threw"])
  }

  @Test func lookupByIDDoesNotDependOnOrder() {
    var rows: IdentifiedArray<Row.State> = [Row.State(id: 3), Row.State(id: 1)]
    rows[id: 1]?.count = 9
    rows[id: 5] = Row.State(id: 5)
    rows[id: 3] = nil
    #expect(rows.ids == [1, 5])
    #expect(Array(rows) == [Row.State(id: 1, count: 9), Row.State(id: 5)])
    rows.append(Row.State(id: 1))
    #expect(rows.ids == [1, 5], "appending a present id replaces it in place")
  }
}
