import Actomaton
import CounterFeature
import Testing

/// The listings of the article "Getting started" (`Core/Actomaton/Actomaton.docc`).
@Suite struct GettingStartedExamples {
  @Test func aHostSendsActionsAndReadsTheState() async {
    let counter = Actomaton(state: Counter.State(), reducer: Counter.reducer)
    await counter.send(.increment)
    await counter.send(.increment)
    await counter.send(.decrement)
    let count = await counter.state.count
    #expect(count == 1)
  }
}
