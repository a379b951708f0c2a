import Testing

@testable import Actomaton

/// `bind(id:to:)`: an async sequence, or another actomaton's state, drives an actomaton.
@Suite struct BindingTests {
  struct Feed: EffectIDProtocol { var name = "feed" }

  enum Action: Sendable, Equatable {
    case add(Int)
  }

  static let summing = Reducer<Action, [Int], Void> { action, state, _ in
    switch action {
    case let .add(number): state.append(number)
    }
    return .empty
  }

  @Test func eachElementBecomesAnActionUntilTheBindingIsCancelled() async throws {
    let origins = Locked<Set<ActionOrigin>>([])
    let actomaton = Actomaton(
      state: [], reducer: Self.summing,
      observer: ActomatonObserver(actionReceived: { _, origin in
        origins.withLock { _ = $0.insert(origin) }
      }))
    let (numbers, input) = AsyncStream<Int>.makeStream()
    await actomaton.bind(id: Feed(), to: numbers) { .add($0) }
    input.yield(1)
    input.yield(2)
    try await waitUntil { await actomaton.state == [1, 2] }
    await actomaton.unbind(id: Feed())
    input.yield(3)
    input.finish()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(await actomaton.state == [1, 2])
    #expect(origins.withLock { $0 } == [.binding])
  }

  @Test func bindingTheSameIDAgainReplacesTheOldBinding() async throws {
    let actomaton = Actomaton(state: [], reducer: Self.summing)
    let (old, oldInput) = AsyncStream<Int>.makeStream()
    let (new, newInput) = AsyncStream<Int>.makeStream()
    await actomaton.bind(id: Feed(), to: old) { .add($0) }
    oldInput.yield(1)
    try await waitUntil { await actomaton.state == [1] }
    await actomaton.bind(id: Feed(), to: new) { .add($0 * 10) }
    oldInput.yield(2)
    newInput.yield(3)
    try await waitUntil { await actomaton.state.count == 2 }
    #expect(await actomaton.state == [1, 30])
    newInput.finish()
    oldInput.finish()
  }

  @Test func aSequenceThatThrowsIsReportedAndTheBindingEnds() async throws {
    let errors = EventLog<String>()
    let events = EventLog<String>()
    let actomaton = Actomaton(
      state: [], reducer: Self.summing,
      onError: errors.errorHook,
      observer: events.effectEvents())
    let (numbers, input) = AsyncThrowingStream<Int, any Error>.makeStream()
    await actomaton.bind(id: Feed(), to: numbers) { .add($0) }
    input.yield(1)
    input.finish(throwing: TestError())
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(await actomaton.state == [1])
    #expect(errors.entries == ["TestError(message: \"boom\")"])
    #expect(events.entries == ["started", "threw TestError(message: \"boom\")"])
  }

  /// The AsyncStore seed's single source of truth: a user store follows the app store's flag.
  @Test func twoActomatonsStayInStepWithoutKnowingEachOther() async throws {
    struct App: Sendable, Equatable { var isInitialized = false }
    let appReducer = Reducer<Bool, App, Void> { value, state, _ in
      state.isInitialized = value
      return .empty
    }
    let userReducer = Reducer<Bool, Bool, Void> { value, state, _ in
      state = value
      return .empty
    }
    let app = Actomaton(state: App(), reducer: appReducer)
    let user = Actomaton(state: false, reducer: userReducer)
    await user.bind(id: Feed(), to: app, \.isInitialized) { $0 }
    await app.send(true)
    try await waitUntil { await user.state }
    await app.send(false)
    try await waitUntil { await !user.state }
    await user.unbind(id: Feed())
    await app.send(true)
    try await waitUntil { await app.stateObserverCount == 0 }
    #expect(await user.state == false, "unbound: the user store no longer follows")
  }

  @Test func aBindingKeepsNeitherActomatonAlive() async throws {
    var source: Actomaton<Action, [Int]>? = Actomaton(state: [], reducer: Self.summing)
    var follower: Actomaton<Action, [Int]>? = Actomaton(state: [], reducer: Self.summing)
    weak let releasedSource = source
    weak let releasedFollower = follower
    await follower?.bind(id: Feed(), to: source!, \.count) { .add($0) }
    try await waitUntil { await releasedFollower?.state == [0] }
    source = nil
    try await waitUntil { await releasedFollower?.effectCount == 0 }
    #expect(releasedSource == nil, "the binding ended with its source")
    follower = nil
    #expect(releasedFollower == nil)
  }
}
