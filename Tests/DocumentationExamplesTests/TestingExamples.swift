import ActomatonTesting
import CounterFeature
import Testing
import TodoFeature
import TodoStorage

/// The listings of the article "Testing".
@Suite struct TestingExamples {
  @Test func everyStateChangeIsAsserted() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter.reducer)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.set(Int.max)) { $0.count = Int.max }
    await store.send(.increment) {
      $0.refusal = "The count is already \(Int.max), the largest it can be."
    }
  }

  @Test func aNonExhaustiveTestChecksOnlyWhatItNames() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter.reducer)
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.increment)
    #expect(store.state.count == 2)
  }
}

/// The listing of "One client overridden" in the article "Testing".
@Suite struct OverridingAClientExamples {
  @Test func aFullDiskIsReportedAndTheListKept() async {
    let clock = TestClock()
    var storage = TodoStorage.inMemory()
    storage.write = { _, _ throws(StorageError) in
      throw .diskFull(path: "todos.json", reason: "no space left")
    }
    let store = TestStore(
      initialState: Todo.State(), reducer: Todo.reducer,
      environment: Todo.Environment(storage: storage, clock: clock), clock: clock)
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.send(.add("Buy milk"))
    await clock.advance(by: .milliseconds(500))
    await store.skipReceivedActions()
    #expect(store.state.items.map(\.text) == ["Buy milk"])
    #expect(store.state.failure == .save(.diskFull(path: "todos.json", reason: "no space left")))
  }
}
