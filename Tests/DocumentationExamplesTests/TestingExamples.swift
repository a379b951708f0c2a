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

/// The listings of "Time" and "A failing step" in the article "Testing": the feature of
/// "Getting started" (`DelayedCounter`, in GettingStartedExamples.swift).
@Suite struct TestingTimeExamples {
  /// The store the listings build, its increment a second late on `clock`.
  static func store(on clock: TestClock) -> TestStore<DelayedCounter.Action, DelayedCounter.State> {
    TestStore(
      initialState: DelayedCounter.State(), reducer: DelayedCounter.reducer,
      environment: DelayedCounter.Environment(clock: clock, delay: .seconds(1)), clock: clock)
  }

  @Test func theIncrementArrivesAfterTheDelayUnlessCancelled() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: DelayedCounter.State(), reducer: DelayedCounter.reducer,
      environment: DelayedCounter.Environment(clock: clock, delay: .seconds(1)), clock: clock)
    await store.send(.incrementLater) { $0.isWaiting = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.incrementResponse) {
      $0.isWaiting = false
      $0.count = 1
    }
    await store.send(.incrementLater) { $0.isWaiting = true }
    await store.send(.cancel) { $0.isWaiting = false }
    await clock.advance(by: .seconds(5))  // the cancelled increment never arrives
  }

  @Test func aWrongExpectationFailsTheTest() async {
    let clock = TestClock()
    let store = Self.store(on: clock)
    await store.send(.incrementLater) { $0.isWaiting = true }
    await clock.advance(by: .seconds(1))
    await withKnownIssue {
      await store.receive(.incrementResponse) { $0.count = 1 }  // `isWaiting` forgotten
    }
  }

  @Test func theFailureNamesTheFieldThatDiffers() async {
    let clock = TestClock()
    let store = Self.store(on: clock)
    await store.send(.incrementLater) { $0.isWaiting = true }
    await clock.advance(by: .seconds(1))
    await withKnownIssue {
      await store.receive(.incrementResponse) { $0.count = 1 }
    } matching: { issue in
      // The message the article quotes.
      issue.comments.contains {
        $0.rawValue.contains(
          "State after receive(incrementResponse) differs from the expectation (expected → actual)")
          && $0.rawValue.contains(".isWaiting: true → false")
      }
    }
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
