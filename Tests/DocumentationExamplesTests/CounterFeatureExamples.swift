import Actomaton
import CounterFeature
import Testing

/// The listing of "Using it" on CounterFeature's page (`Features/Counter/CounterFeature.docc`).
@Suite struct CounterFeatureExamples {
  @Test func aRefusedIncrementIsClearedByReset() async {
    let counter = Actomaton(state: Counter.State(), reducer: Counter.reducer)
    await counter.send(.set(Int.max))
    await counter.send(.increment)
    let refused = await counter.state.refusal  // "The count is already 9223372036854775807, …"
    await counter.send(.reset)
    let count = await counter.state.count  // 0, and the refusal is cleared
    #expect(refused == "The count is already 9223372036854775807, the largest it can be.")
    #expect(count == 0)
    #expect(await counter.state.refusal == nil)
  }
}
