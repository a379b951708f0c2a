import ActomatonTesting
import AppRoot
import Testing
import TodoFeature
import TodoStorage

extension RootTests {
  @Suite struct TodoList {
    static let full = StorageError.diskFull(path: "/d/todos.json", reason: "No space left")

    static func store(
      saving save: @escaping @Sendable ([TodoItem]) async throws(StorageError) -> Void
    )
      -> (TestStore<Root.Action, Root.State>, TestClock)
    {
      let clock = TestClock()
      var environment = RootTests.environment(clock: clock)
      environment.todo.storage = TodoStorage(load: { [] }, save: save)
      let store = TestStore(
        initialState: Root.State(), reducer: Root.reducer, environment: environment,
        clock: clock, exhaustivity: .off)
      return (store, clock)
    }

    @Test func aClosingSaveThatFailsKeepsTheListForWhenTheScreenReopens() async {
      let (store, clock) = Self.store { _ throws(StorageError) in throw Self.full }
      await store.send(.changeCurrent(.todo))
      await store.send(.todo(.add("buy milk")))
      await store.send(.changeCurrent(.counter(.init())))
      await clock.advance(by: .seconds(1))
      await store.skipReceivedActions()
      #expect(store.state.screen == .counter(.init()))
      #expect(store.state.todo.items.map(\.text) == ["buy milk"])
      #expect(
        store.state.todo.failure?.description.hasPrefix("Not saved: No space left") == true)

      await store.send(.changeCurrent(.todo))
      await store.skipReceivedActions()
      guard store.state.screen == .todo else {
        Issue.record("todo is not shown")
        return
      }
      let todo = store.state.todo
      #expect(todo.items.map(\.text) == ["buy milk"], "the list is back, not reloaded")
      #expect(
        todo.failure?.description.hasPrefix("Not saved: ") == true, "and still says it is not saved"
      )
      await store.send(.changeCurrent(nil))
      await store.skipReceivedActions()
      await store.finish()
    }

    @Test func aClosingSaveThatSucceedsClearsNothingButTheFailure() async {
      let (store, clock) = Self.store { _ throws(StorageError) in }
      await store.send(.changeCurrent(.todo))
      await store.send(.todo(.add("buy milk")))
      await store.send(.changeCurrent(.counter(.init())))
      await clock.advance(by: .seconds(1))
      await store.skipReceivedActions()
      #expect(store.state.todo.items.map(\.text) == ["buy milk"])
      #expect(store.state.todo.failure == nil)
      await store.finish()
    }
  }
}
