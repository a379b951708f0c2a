import Actomaton
import CounterFeature
import Testing

/// The listings of the article "Getting started" (`Core/Actomaton/Actomaton.docc`).
@Suite struct GettingStartedExamples {
  @Test func aHostSendsActionsAndReadsTheState() async {
    let counter = Actomaton(state: Counter.State(), reducer: Counter.reducer)
    await counter.send(.increment)
    await counter.send(.increment)
    await counter.send(.decrement)
    let count = await counter.state.count
    #expect(count == 1)
  }

  @Test func aHostRunsAFeatureOfItsOwn() async throws {
    let counter = Actomaton(
      state: DelayedCounter.State(), reducer: DelayedCounter.reducer,
      environment: DelayedCounter.Environment(clock: ContinuousClock(), delay: .milliseconds(10)))
    let task = await counter.send(.incrementLater)
    try await task?.value
    let count = await counter.state.count
    #expect(count == 1)
  }
}

/// The feature of "A feature of your own" in the article "Getting started"; the article
/// "Testing" tests it.
enum DelayedCounter {
  // MARK: - State

  struct State: Equatable, Sendable {
    var count = 0
    var isWaiting = false
  }

  // MARK: - Action

  enum Action: Equatable, Sendable {
    case incrementLater
    case cancel
    case incrementResponse
  }

  // MARK: - Environment

  struct Environment: Sendable {
    var clock: any Clock<Duration>
    var delay: Duration
  }

  // MARK: - Reducer

  /// The id of the waiting increment, to cancel it.
  private struct IncrementID: EffectIDProtocol {}

  static let reducer = Reducer<Action, State, Environment> { action, state, environment in
    switch action {
    case .incrementLater:
      state.isWaiting = true
      return Effect(id: IncrementID()) {
        try await environment.clock.sleep(for: environment.delay)
        return .incrementResponse
      }
    case .cancel:
      state.isWaiting = false
      return .cancel(id: IncrementID())
    case .incrementResponse:
      state.isWaiting = false
      state.count += 1
      return .empty
    }
  }
}
