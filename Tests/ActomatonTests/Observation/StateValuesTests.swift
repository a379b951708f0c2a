import Testing

@testable import Actomaton

/// `values(of:)`: one slice of the state as an async sequence.
@Suite struct StateValuesTests {
  struct State: Sendable, Equatable {
    var count = 0
    var name = ""
  }

  enum Action: Sendable, Equatable {
    case increment
    case rename(String)
  }

  static let reducer = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case .increment: state.count += 1
    case let .rename(name): state.name = name
    }
    return .empty
  }

  static func make() -> Actomaton<Action, State> {
    Actomaton(state: State(), reducer: reducer)
  }

  @Test func yieldsTheCurrentValueThenEachDistinctNewOne() async {
    let actomaton = Self.make()
    var counts = actomaton.values(of: \.count).makeAsyncIterator()
    #expect(await counts.next() == 0)
    await actomaton.send(.increment)
    #expect(await counts.next() == 1)
    await actomaton.send(.rename("ann"))
    await actomaton.send(.increment)
    #expect(await counts.next() == 2, "the rename changed no count")
  }

  @Test func aSlowConsumerGetsTheNewestValueNotABacklog() async {
    let actomaton = Self.make()
    var counts = actomaton.values(of: \.count).makeAsyncIterator()
    #expect(await counts.next() == 0)
    for _ in 0..<10_000 { await actomaton.send(.increment) }
    #expect(await counts.next() == 10_000)
    await actomaton.send(.increment)
    #expect(await counts.next() == 10_001, "nothing older was kept")
  }

  @Test func aValueThatComesBackBeforeItIsReadIsNotRepeated() async {
    let actomaton = Self.make()
    var names = actomaton.values(of: \.name).makeAsyncIterator()
    #expect(await names.next() == "")
    await actomaton.send(.rename("ann"))
    await actomaton.send(.rename(""))
    await actomaton.send(.rename("bob"))
    #expect(await names.next() == "bob")
  }

  @Test func observersAreIndependentAndACancelledOneEndsAlone() async throws {
    let actomaton = Self.make()
    var kept = actomaton.values(of: \.count).makeAsyncIterator()
    #expect(await kept.next() == 0)
    let cancelled = Task {
      var seen: [Int] = []
      for await count in actomaton.values(of: \.count) { seen.append(count) }
      return seen
    }
    try await waitUntil { await actomaton.stateObserverCount == 2 }
    cancelled.cancel()
    #expect(await cancelled.value == [0], "the cancelled observer ended")
    await actomaton.send(.increment)
    #expect(await kept.next() == 1, "the other observer goes on")
    #expect(await actomaton.stateObserverCount == 1, "the ended one was dropped")
  }

  @Test func anObserverThatStopsIteratingIsDroppedAndTheSendPathIsFreeAgain() async {
    let actomaton = Self.make()
    for await count in actomaton.values(of: \.count) where count == 0 { break }
    await actomaton.send(.increment)
    #expect(await !actomaton.isObserved, "no observer left: send takes the plain path")
  }

  @Test func releasingTheActomatonEndsEveryObserver() async throws {
    var actomaton: Actomaton<Action, State>? = Self.make()
    weak let released = actomaton
    let values = try #require(actomaton?.values(of: \.count))
    let observer = Task {
      var seen: [Int] = []
      for await count in values { seen.append(count) }
      return seen
    }
    try await waitUntil { await released?.stateObserverCount == 1 }
    actomaton = nil
    #expect(await observer.value == [0])
    #expect(released == nil, "the observer did not keep the actomaton")
  }

  @Test func observingAReleasedActomatonEndsAtOnce() async {
    var actomaton: Actomaton<Action, State>? = Self.make()
    let values = actomaton!.values(of: \.count)
    actomaton = nil
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == nil)
  }
}
