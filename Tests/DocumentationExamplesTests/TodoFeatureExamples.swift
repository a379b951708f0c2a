import Actomaton
import ActomatonTesting
import Foundation
import Testing
import TodoFeature
import TodoStorage

/// The listing of "Using it" on TodoFeature's page (`Features/Todo/TodoFeature.docc`).
@Suite struct TodoFeatureExamples {
  @Test func aHostLoadsAddsTogglesAndFlushes() async throws {
    let todo = Actomaton(
      state: Todo.State(), reducer: Todo.reducer,
      environment: Todo.Environment(storage: .inMemory(), clock: ContinuousClock()))
    let load = await todo.send(.onAppear)  // loading
    try await load?.value  // loaded: an empty list
    await todo.send(.add("buy milk"))  // saved 500 ms later, unless flushed
    await todo.send(.toggle(position: 1))
    let save = await todo.send(.flush)
    try await save?.value  // saved now
    let completed = await todo.state.completedCount  // 1
    #expect(load != nil && save != nil)
    #expect(completed == 1)
    let state = await todo.state
    #expect(state.items.map(\.text) == ["buy milk"])
    #expect(state.persistence == .loaded && state.failure == nil)
  }

  /// The listing's sends on a test clock, each state its comments name asserted in between.
  @Test func theListingsStepsLoadThenSaveOnFlushNotAfterTheDelay() async {
    let clock = TestClock()
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let store = TestStore(
      initialState: Todo.State(), reducer: Todo.reducer,
      environment: Todo.Environment(storage: .inMemory(), clock: clock, makeID: { id }),
      clock: clock)
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.receive(.loadResponse(.success([]))) { $0.persistence = .loaded }
    await store.send(.add("buy milk")) { $0.items = [TodoItem(id: id, text: "buy milk")] }
    await clock.advance(by: .milliseconds(499))
    #expect(clock.sleeperCount == 1)  // the save timer, not fired yet
    await store.send(.toggle(position: 1)) { $0.items[0].isCompleted = true }
    await store.send(.flush)
    let saved = [TodoItem(id: id, text: "buy milk", isCompleted: true)]
    await store.receive(.saveResponse(.success(saved)))
    #expect(clock.sleeperCount == 0)  // the flush cancelled the save 500 ms after the add
  }
}
