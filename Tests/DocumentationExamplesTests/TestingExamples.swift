import ActomatonTesting
import CounterFeature
import Testing

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
