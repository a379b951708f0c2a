import Testing

@testable import Actomaton

/// Rule 8's first sentence for concatenations: the task `send` returns is `nil` when the action
/// started no asynchronous work, also when that action's effect is a concatenation.
extension SendTaskTests {
  enum Concatenations {
    enum Action: Sendable, Equatable {
      case syncChain
      case discardedChain
      case busy
      case add(String)
    }

    struct Discarding: Oldest1DiscardNewEffectQueueProtocol {}

    static let reducer = Reducer<Action, [String], Gate> { action, state, gate in
      switch action {
      case .syncChain:
        return .concatenate(.nextAction(.add("a")), .nextAction(.add("b")))
      case .discardedChain:
        return .concatenate(
          Effect(queue: Discarding()) { .add("x") }, Effect(queue: Discarding()) { .add("y") })
      case .busy:
        return .fireAndForget(queue: Discarding()) { try await gate.wait() }
      case let .add(name):
        state.append(name)
        return .empty
      }
    }
  }

  /// A send's group is made only once a part starts async work, so a concatenation of
  /// synchronous parts returns no task (and a test store's `TestStoreTask.isEmpty` is true).
  @Test func aConcatenationOfNextActionsReturnsNoTask() async {
    let actomaton = Actomaton(state: [], reducer: Concatenations.reducer, environment: Gate())
    let task = await actomaton.send(.syncChain)
    #expect(task == nil, "no asynchronous work was started")
    #expect(await actomaton.state == ["a", "b"], "both parts were reduced inside send")
  }

  @Test func aConcatenationWhosePartsAreAllDiscardedReturnsNoTask() async throws {
    let gate = Gate()
    let actomaton = Actomaton(state: [], reducer: Concatenations.reducer, environment: gate)
    let busy = try #require(await actomaton.send(.busy))
    let task = await actomaton.send(.discardedChain)
    #expect(task == nil, "both parts were discarded: no asynchronous work was started")
    busy.cancel()
    try? await busy.value
  }
}
