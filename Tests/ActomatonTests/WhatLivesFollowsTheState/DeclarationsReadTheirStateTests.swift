import Actomaton
import Testing

/// The watchers read the state where it lies: once per comparison, and never the actomaton's own.
struct DeclarationsReadTheirStateTests {
  struct Kid: Sendable, Identifiable { let id = 1 }
  /// A child behind a getter that answers every other read `nil`.
  struct Flaky: Sendable {
    let reads = Locked(0)
    var kid: Kid? {
      get {
        reads.withLock { $0 += 1 }
        return reads.withLock { $0 }.isMultiple(of: 2) ? Kid() : nil
      }
      set {}
    }
  }
  enum Action: Sendable { case kid(KidAction), bump }
  enum KidAction: Sendable { case noop }

  /// Failed (a trap on `nil`) when the presence test and the state were two reads of the getter.
  @Test func aChildBehindAGetterIsReadOncePerComparison() async {
    let reducer = Reducer<Action, Flaky, Void>.empty.child(
      Reducer<KidAction, Kid, Void>.empty, state: \.kid, action: /Action.kid, environment: { _ in })
    let actomaton = Actomaton(state: Flaky(), reducer: reducer)
    for _ in 0..<6 { await actomaton.send(.bump) }
    #expect(await actomaton.state.reads.withLock { $0 } == 7)
  }

  static let store = Locked<Actomaton<Action, Int>?>(nil)

  /// Reading the actomaton's own state from what the watchers run stops with a message.
  @Test func readingTheActomatonsStateFromASubscriptionsFunctionSaysWhatToReadInstead() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let reducer = Reducer<Action, Int, Void>.empty.subscriptions {
        _, _ -> [Int: Effect<Action>] in
        _ = DeclarationsReadTheirStateTests.store.withLock { $0 }?.assumeIsolated { $0.state }
        return [:]
      }
      let actomaton = Actomaton(state: 0, reducer: reducer)
      DeclarationsReadTheirStateTests.store.withLock { $0 = actomaton }
      await actomaton.send(.bump)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("read the state they are given"))
  }
}
