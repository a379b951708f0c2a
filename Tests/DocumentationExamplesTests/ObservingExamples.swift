import Actomaton
import ActomatonObservation
import CounterFeature
import Observation
import TestTraits
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

/// The `ActomatonObserver` listing of the article "Observing and binding".
@Suite struct ActomatonObserverExamples {
  @Test func anObserverIsToldOfEveryReduction() async {
    let printer = ActomatonObserver<Counter.Action, Counter.State>(
      actionReduced: { action, origin, old, new in
        print("\(action) (\(origin)): \(old.count) → \(new.count)")
      })
    let counter = Actomaton(state: Counter.State(), reducer: Counter.reducer, observer: printer)
    await counter.send(.increment)  // prints "increment (send): 0 → 1"
    #expect(await counter.state.count == 1)
  }
}

/// The `ObservedActomaton` listing of the article "Observing and binding".
@MainActor
@Suite(.hangGuard) struct ObservedActomatonExamples {
  @Test func aViewReadsTheMirrorAndSeesEachChange() async {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    let store = ObservedActomaton(
      Actomaton(state: Counter.State(), reducer: Counter.reducer), state: Counter.State())
    // What a view does: read `store.count`, and redraw when it changes.
    var counts = Observations { store.count }.makeAsyncIterator()
    #expect(await counts.next() == 0)
    store.send(.increment)
    #expect(await counts.next() == 1)
  }
}
