import ActomatonTesting
import CounterFeature
import Testing

@Suite struct CounterTests {
  @Test func incrementDecrementResetAndSet() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter.reducer)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.decrement) { $0.count = 1 }
    await store.send(.set(-40)) { $0.count = -40 }
    await store.send(.reset) { $0.count = 0 }
    await store.finish()
  }

  @Test func incrementAtMaxIsRefusedWithAMessage() async {
    let store = TestStore(initialState: Counter.State(count: .max), reducer: Counter.reducer)
    await store.send(.increment) {
      $0.refusal = "The count is already \(Int.max), the largest it can be."
    }
    await store.send(.decrement) {
      $0.count = .max - 1
      $0.refusal = nil
    }
  }

  @Test func decrementAtMinIsRefusedWithAMessage() async {
    let store = TestStore(initialState: Counter.State(count: .min), reducer: Counter.reducer)
    await store.send(.decrement) {
      $0.refusal = "The count is already \(Int.min), the smallest it can be."
    }
    await store.send(.reset) {
      $0.count = 0
      $0.refusal = nil
    }
  }
}
