import ActomatonTesting
import TestTraits
import Testing

/// Spec rule 13, from a host's side: subscriptions, lifted children and lifetimes follow the
/// state whoever changed it, however often it changed within one send.
@Suite(.hangGuard)
struct LifeFollowsStateTests {
  struct State: Equatable, Sendable {
    var topic: String?
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case listen(String?)
    case listenThenFeed(String?, String?)
    case nothing
  }

  static let setsTopic = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case let .listen(topic):
      state.topic = topic
      return .empty
    case let .listenThenFeed(topic, next):
      state.topic = topic
      return .nextAction(.listen(next))
    case .nothing:
      return .empty
    }
  }

  static func listening(_ clock: TestClock) -> @Sendable (State, Void) -> [String: Effect<Action>] {
    { state, _ in state.topic.map { [$0: clock.forever()] } ?? [:] }
  }

  // MARK: - 1. A sibling changes the state

  @Test(arguments: [false, true])
  func aSiblingCombinedAfterOrBeforeStartsAndStopsTheSubscription(siblingFirst: Bool) async {
    let clock = TestClock()
    let watcher = Reducer<Action, State, Void>.empty.subscriptions(Self.listening(clock))
    let reducer: Reducer<Action, State, Void> =
      siblingFirst ? .combine(Self.setsTopic, watcher) : .combine(watcher, Self.setsTopic)
    let actomaton = Actomaton(state: State(), reducer: reducer)
    await actomaton.send(.listen("a"))
    #expect(await actomaton.subscriptionKeys(String.self) == ["a"])
    await actomaton.send(.listen(nil))
    #expect(await actomaton.subscriptionKeys(String.self) == [])
  }

  @Test func aReducerMadeWithOnlyStillWatchesTheActionsItSkips() async {
    let clock = TestClock()
    let watcher = Reducer<Action, State, Void>(only: { $0 == .nothing }) { _, _, _ in .empty }
      .subscriptions(Self.listening(clock))
    let actomaton = Actomaton(state: State(), reducer: watcher + Self.setsTopic)
    await actomaton.send(.listen("a"))
    #expect(await actomaton.subscriptionKeys(String.self) == ["a"])
  }

  // MARK: - 3. Twice in one send

  @Test func aTopicSetThenClearedByANextActionLeavesNothingRunning() async {
    let clock = TestClock()
    let actomaton = Actomaton(
      state: State(), reducer: Self.setsTopic.subscriptions(Self.listening(clock)))
    await actomaton.send(.listenThenFeed("a", nil))
    #expect(await actomaton.subscriptionKeys(String.self) == [])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  @Test func aTopicClearedThenSetAgainByANextActionKeepsItRunning() async {
    let clock = TestClock()
    let actomaton = Actomaton(
      state: State(topic: "a"), reducer: Self.setsTopic.subscriptions(Self.listening(clock)))
    await actomaton.send(.nothing)
    #expect(await actomaton.subscriptionKeys(String.self) == ["a"])
    await actomaton.send(.listenThenFeed(nil, "a"))
    #expect(await actomaton.subscriptionKeys(String.self) == ["a"])
    #expect(await actomaton.liveEffectIDs.count == 1)
  }

  // MARK: - 4. Equal keys in two calls

  @Test func equalKeysInTwoSubscriptionsCallsAreTwoSubscriptions() async {
    let clock = TestClock()
    let first = Reducer<Action, State, Void>.empty.subscriptions { state, _ in
      state.topic != nil ? ["timer": clock.forever()] : [:]
    }
    let second = Reducer<Action, State, Void>.empty.subscriptions { state, _ in
      ["timer": clock.forever()]
    }
    let actomaton = Actomaton(state: State(), reducer: .combine(Self.setsTopic, first, second))
    await actomaton.send(.listen("on"))
    #expect(await actomaton.liveEffectIDs.count == 2)
    await actomaton.send(.listen(nil))
    #expect(await actomaton.liveEffectIDs.count == 1)
    #expect(await actomaton.subscriptionKeys(String.self) == ["timer"])
  }

  @Test func aScopeNamedOnPurposeIsShared() async {
    let clock = TestClock()
    let first = Reducer<Action, State, Void>.empty.subscriptions(scope: "shared") { state, _ in
      state.topic != nil ? ["timer": clock.forever()] : [:]
    }
    let second = Reducer<Action, State, Void>.empty.subscriptions(scope: "shared") { _, _ in
      [String: Effect<Action>]()
    }
    let actomaton = Actomaton(state: State(), reducer: .combine(Self.setsTopic, first, second))
    await actomaton.send(.listen("on"))
    #expect(await actomaton.liveEffectIDs.count == 1)
  }

  // MARK: - Edge cases

  @Test func hundredsOfKeysStartAndStopExactly() async {
    let clock = TestClock()
    let reducer = Self.setsTopic.subscriptions { state, _ -> [Int: Effect<Action>] in
      let count = Int(state.topic ?? "0") ?? 0
      return Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, clock.forever()) })
    }
    let actomaton = Actomaton(state: State(), reducer: reducer)
    await actomaton.send(.listen("300"))
    #expect(await actomaton.liveEffectIDs.count == 300)
    await actomaton.send(.listen("120"))
    #expect(await actomaton.subscriptionKeys(Int.self) == Set(0..<120))
    #expect(await actomaton.liveEffectIDs.count == 120)
    await actomaton.send(.listen(nil))
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// A key that counts how often it is hashed.
  struct CostlyKey: Hashable, Sendable {
    static let hashes = Locked(0)
    let value: Int
    func hash(into hasher: inout Hasher) {
      Self.hashes.withLock { $0 += 1 }
      hasher.combine(value)
    }
  }

  @Test func anActionThatMovesNothingHashesEachKeyAFewTimesOnly() async {
    let clock = TestClock()
    let reducer = Self.setsTopic.subscriptions { state, _ -> [CostlyKey: Effect<Action>] in
      guard state.topic != nil else { return [:] }
      return Dictionary(
        uniqueKeysWithValues: (0..<50).map { (CostlyKey(value: $0), clock.forever()) })
    }
    let actomaton = Actomaton(state: State(), reducer: reducer)
    await actomaton.send(.listen("on"))
    let before = CostlyKey.hashes.withLock { $0 }
    await actomaton.send(.nothing)
    let perKey = Double(CostlyKey.hashes.withLock { $0 } - before) / 50
    // NOTE: building the dictionary hashes each key once, and each of the two comparisons once.
    #expect(perKey <= 4)
    #expect(await actomaton.liveEffectIDs.count == 50)
  }
}
