import ActomatonTesting
import TestTraits
import Testing

/// `Actomaton.restore(_:)`: undo and time travel put a state back, and what lives follows it as
/// after any action.
@Suite(.hangGuard)
struct RestoreTests {
  struct State: Equatable, Sendable {
    var topic: String?
    var stops = 0
  }

  enum Action: Equatable, Sendable {
    case listen(String?)
    case stopped
  }

  static func reducer(_ clock: TestClock) -> Reducer<Action, State, Void> {
    Reducer<Action, State, Void> { action, state, _ in
      switch action {
      case let .listen(topic): state.topic = topic
      case .stopped: state.stops += 1
      }
      return .empty
    }
    .subscriptions { state, _ in
      state.topic.map { [$0: .run { _ in try await clock.sleep(for: .seconds(1_000_000)) }] } ?? [:]
    }
    .lifetime(state: \.topic, case: /Optional<String>.some, onStop: .nextAction(.stopped))
  }

  @Test func restoringAStateWithoutASubscriptionStopsItAndRunsTheLifetimesOnStop() async {
    let clock = TestClock()
    let actomaton = Actomaton(state: State(), reducer: Self.reducer(clock))
    await actomaton.send(.listen("a"))
    #expect(await actomaton.subscriptionKeys(String.self) == ["a"])

    await actomaton.restore(State())
    #expect(await actomaton.subscriptionKeys(String.self) == [])
    #expect(await actomaton.liveEffectIDs.isEmpty)
    // NOTE: the lifetime's onStop is fed back after the restored state was put in place.
    #expect(await actomaton.state == State(topic: nil, stops: 1))
  }

  @Test func restoringAStateThatWantsASubscriptionStartsIt() async {
    let clock = TestClock()
    let actomaton = Actomaton(state: State(), reducer: Self.reducer(clock))
    await actomaton.send(.listen("a"))
    await actomaton.restore(State(topic: "b"))
    #expect(await actomaton.subscriptionKeys(String.self) == ["b"])
    #expect(await actomaton.state.topic == "b")
  }

  @Test func observersAreToldOfTheRestoreAndValuesSeeIt() async {
    let restores = EventLog<String>()
    let observer = ActomatonObserver<Action, State>(stateRestored: { old, new in
      restores.append("\(old.topic ?? "-") → \(new.topic ?? "-")")
    })
    let clock = TestClock()
    let actomaton = Actomaton(state: State(), reducer: Self.reducer(clock), observer: observer)
    var topics = actomaton.values(of: \.topic).makeAsyncIterator()
    #expect(await topics.next() == .some(nil))
    await actomaton.send(.listen("a"))
    #expect(await topics.next() == "a")
    await actomaton.restore(State(topic: "z"))
    #expect(await topics.next() == "z")
    #expect(restores.entries == ["a → z"])
  }
}
