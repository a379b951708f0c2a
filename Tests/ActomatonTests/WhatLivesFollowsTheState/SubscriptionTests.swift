import ActomatonTesting
import Locking
import TestTraits
import Testing

/// Effects derived from state: started, kept and cancelled by key as the state changes.
@Suite(.hangGuard)
struct SubscriptionTests {
  struct State: Equatable, Sendable {
    var topic: String?
    var heard: [String] = []
  }

  enum Action: Equatable, Sendable {
    case listen(String?)
    case heard(String)
    case nothing
  }

  static let listener = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case let .listen(topic): state.topic = topic
    case let .heard(topic): state.heard.append(topic)
    case .nothing: break
    }
    return .empty
  }

  /// Every second on `clock`, hears `topic`.
  static func listening(to topic: String, on clock: TestClock) -> Effect<Action> {
    Effect<Action>.run { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.heard(topic))
      }
    }
  }

  /// Listens to the state's topic: every second, hears it.
  static func store() -> (TestStore<Action, State>, TestClock) {
    let clock = TestClock()
    let reducer = listener.subscriptions { state, _ -> [String: Effect<Action>] in
      guard let topic = state.topic else { return [:] }
      return [topic: listening(to: topic, on: clock)]
    }
    return (TestStore(initialState: State(), reducer: reducer, clock: clock), clock)
  }

  @Test func aSubscriptionWhoseKeyChangesWithStateIsReplaced() async {
    let (store, clock) = Self.store()
    #expect(await store.activeSubscriptions(String.self) == [])
    await store.send(.listen("a")) { $0.topic = "a" }
    #expect(await store.activeSubscriptions(String.self) == ["a"])
    await clock.advance(by: .seconds(1))
    await store.receive(.heard("a")) { $0.heard = ["a"] }
    await store.send(.listen("b")) { $0.topic = "b" }
    #expect(await store.activeSubscriptions(String.self) == ["b"])
    await clock.advance(by: .seconds(1))
    await store.receive(.heard("b")) { $0.heard = ["a", "b"] }
    await store.send(.listen(nil)) { $0.topic = nil }
    #expect(await store.activeSubscriptions(String.self) == [])
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anUnchangedKeyKeepsItsEffectRunning() async {
    let (store, clock) = Self.store()
    await store.send(.listen("a")) { $0.topic = "a" }
    await clock.advance(by: .seconds(0.5))
    await store.send(.nothing)
    await store.send(.listen("a"))
    await clock.advance(by: .seconds(0.5))
    // NOTE: not restarted by the actions: the first second ends at 1 s.
    await store.receive(.heard("a")) { $0.heard = ["a"] }
    #expect(await store.liveEffectIDs().count == 1)
    await store.send(.listen(nil)) { $0.topic = nil }
    await store.finish()
  }

  /// The same listener in the keys form, logging the keys asked for and the effects made.
  static func keyedStore() -> (TestStore<Action, State>, TestClock, EventLog<String>) {
    let clock = TestClock()
    let made = EventLog<String>()
    let keys = { @Sendable (topic: String?) -> Set<String> in
      made.append("keys(\(topic ?? "nil"))")
      return topic.map { [$0] } ?? []
    }
    let reducer = listener.subscriptions(on: \.topic, keys: keys) { topic, _ in
      made.append(topic)
      return listening(to: topic, on: clock)
    }
    return (TestStore(initialState: State(), reducer: reducer, clock: clock), clock, made)
  }

  @Test func theKeysFormMakesAnEffectOnlyForANewKey() async {
    let (store, clock, made) = Self.keyedStore()
    await store.send(.listen("a")) { $0.topic = "a" }
    await store.send(.nothing)
    await store.send(.listen("a"))
    await clock.advance(by: .seconds(1))
    await store.receive(.heard("a")) { $0.heard = ["a"] }
    #expect(made.entries == ["keys(a)", "a"], "asked and made once, while the topic stayed")
    await store.send(.listen("b")) { $0.topic = "b" }
    #expect(await store.activeSubscriptions(String.self) == ["b"])
    await clock.advance(by: .seconds(1))
    await store.receive(.heard("b")) { $0.heard = ["a", "b"] }
    await store.send(.listen(nil)) { $0.topic = nil }
    #expect(await store.activeSubscriptions(String.self) == [])
    await clock.advance(by: .seconds(5))
    #expect(made.entries == ["keys(a)", "a", "keys(b)", "b", "keys(nil)"])
    await store.finish()
  }

  /// A start's fed-back action that moves a key leaves only the new key: the old key's task was
  /// admitted after that action's comparison had stopped it, and ran on (rule 13).
  @Test func anOnStartActionThatMovesASubscriptionKeyLeavesOnlyTheNewKey() async {
    let clock = TestClock()
    let suffix = Reducer<String, String, Void> { suffix, topic, _ in
      topic += suffix
      return .empty
    }.subscriptions { topic, _ in [topic: clock.forever()] }
    let child = Self.listener.child(
      suffix, state: \.topic, action: /Action.heard, environment: { _ in },
      onStart: .nextAction("!"))
    // The parent's own keys, declared before a lifetime whose start feeds back an action.
    let lifetime = Self.listener.subscriptions { state, _ in
      ["n\(state.heard.count)": clock.forever()]
    }
    .lifetime(state: \.topic, case: /String?.some, onStart: .nextAction(.heard("x")))
    for (reducer, keys) in [(child, ["a!"]), (lifetime, ["n1"])] {
      let actomaton = Actomaton(state: State(), reducer: reducer)
      await actomaton.send(.listen("a"))
      #expect(await actomaton.subscriptionKeys(String.self) == Set(keys))
    }
  }
}
