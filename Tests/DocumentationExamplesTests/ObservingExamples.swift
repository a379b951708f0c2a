import Actomaton
import CounterFeature
import Testing

/// The listings of the article "Observing and binding".
@Suite struct ObservingExamples {
  @Test func valuesOfASliceFollowTheState() async {
    let counter = Actomaton(state: Counter.State(), reducer: Counter.reducer)
    let watcher = Task {
      var seen: [Int] = []
      for await count in counter.values(of: \.count) {
        seen.append(count)
        if count == 2 { break }
      }
      return seen
    }
    await counter.send(.increment)
    await counter.send(.increment)
    let seen = await watcher.value
    // The current value first, then each new one (the newest, for a slow reader).
    #expect(seen.last == 2)
    #expect(seen == seen.sorted())
  }
}
