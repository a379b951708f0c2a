import Testing

@testable import ActomatonTesting

/// `send` asserts on the step of the action it sent; `TestStoreTask.finish()` waits for effects.
@Suite struct TestStoreStepTests {
  enum Action: Equatable, Sendable {
    case set(Int)
    case fedBack
    case wait
    case woke
  }

  struct State: Equatable, Sendable {
    var value = 0
    var fedBack = 0
    var woke = false
  }

  /// What the reducer of `set` runs while it reduces: here, the test slips in a step.
  final class Interleaving: Sendable {
    let hook = Locked<(@Sendable () -> Void)?>(nil)
  }

  static func reducer(clock: TestClock, interleaving: Interleaving) -> Reducer<Action, State, Void>
  {
    Reducer { action, state, _ in
      switch action {
      case let .set(value):
        interleaving.hook.withLock { $0 }?()
        state.value = value
        return .empty
      case .fedBack:
        state.fedBack += 1
        return .empty
      case .wait:
        return Effect {
          try await clock.sleep(for: .seconds(2))
          return .woke
        }
      case .woke:
        state.woke = true
        return .empty
      }
    }
  }

  @Test func sendAssertsItsOwnStepWhenAnActionFedBackFromElsewhereCameJustBefore() async {
    let clock = TestClock()
    let interleaving = Interleaving()
    let store = TestStore(
      initialState: State(), reducer: Self.reducer(clock: clock, interleaving: interleaving),
      clock: clock)
    // NOTE: an effect running off the store's executor can feed an action back after `send`
    // checked for unasserted actions and before the actor reduces the sent one; the hook records
    // such a step from inside the send, at exactly that moment.
    let steps = store.steps
    interleaving.hook.withLock {
      $0 = {
        var after = State()
        after.fedBack = 1
        let step = TestStore<Action, State>.Step(
          action: .fedBack, before: State(), after: after, sendID: nil)
        steps.withLock { $0.append(step) }
      }
    }
    await store.send(.set(5)) { $0.value = 5 }
    interleaving.hook.withLock { $0 = nil }
    await store.receive(.fedBack) { $0.fedBack = 1 }
    #expect(store.state.value == 5, "the store shows the latest step's state")
    await store.finish()
  }

  @Test func finishWaitsForTheEffectsAdvancingTheClockWithinTheTimeout() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: State(), reducer: Self.reducer(clock: clock, interleaving: Interleaving()),
      clock: clock)
    let task = await store.send(.wait)
    await task.finish(timeout: .seconds(2))
    await store.receive(.woke) { $0.woke = true }
    await store.finish()
  }

  @Test func finishFailsWhenTheEffectsOutlastTheTimeout() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: State(), reducer: Self.reducer(clock: clock, interleaving: Interleaving()),
      clock: clock)
    let task = await store.send(.wait)
    await withKnownIssue {
      await task.finish(timeout: .seconds(1))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("have not finished") }
    }
    await task.cancel()
    await store.finish()
  }
}
