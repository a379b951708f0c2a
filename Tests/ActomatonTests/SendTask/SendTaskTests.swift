import Testing

@testable import Actomaton

/// Rules 8, 9 and 11: the task `send` returns, errors and priority.
@Suite struct SendTaskTests {
  enum Action: Sendable, Equatable {
    case run(count: Int)
    case fail(String)
    case failAndSucceed
    case chain(Int)
    case done(Int)
    case waitAndReturn
    case checkPriority
    case none
  }

  struct Environment: Sendable {
    var gate = Gate()
    var probe = Probe<String>()
  }

  static let reducer = Reducer<Action, [Int], Environment> { action, state, environment in
    switch action {
    case let .run(count):
      return .combine((0..<count).map { index in Effect { .done(index) } })
    case let .fail(message):
      return .fireAndForget { throw TestError(message: message) }
    case .failAndSucceed:
      return .fireAndForget { throw TestError() }
        + Effect {
          try await environment.gate.wait()
          return .done(1)
        }
    case let .chain(depth):
      return depth == 0 ? Effect { .done(0) } : Effect { .chain(depth - 1) }
    case let .done(value):
      state.append(value)
      return .empty
    case .waitAndReturn:
      return Effect {
        await environment.probe.record("waiting")
        do {
          try await environment.gate.wait()
        } catch {
          await environment.probe.record("cancelled")
          throw error
        }
        return .done(99)
      }
    case .checkPriority:
      return .fireAndForget {
        await environment.probe.record("\(Task.basePriority ?? .medium)")
      }
    case .none:
      return .empty
    }
  }

  static func make(
    _ environment: Environment = Environment(), onError: (@Sendable (any Error) -> Void)? = nil
  )
    -> Actomaton<Action, [Int]>
  {
    Actomaton(state: [], reducer: reducer, environment: environment, onError: onError)
  }

  /// `.none` feeds back `.waitAndReturn`; the rest as `reducer`.
  static let feeding = Reducer<Action, [Int], Environment> { action, state, environment in
    action == .none ? Effect { .waitAndReturn } : Self.reducer.run(action, &state, environment)
  }

  @Test func taskIsNilWhenNothingAsynchronousStarted() async {
    let actomaton = Self.make()
    #expect(await actomaton.send(.none) == nil)
    #expect(await actomaton.send(.run(count: 0)) == nil)
  }

  @Test(arguments: [1, 2, 50])
  func taskCompletesAfterEveryEffectAndItsActionWereReduced(count: Int) async throws {
    let actomaton = Self.make()
    try await actomaton.send(.run(count: count))?.value
    #expect(await actomaton.state.sorted() == Array(0..<count))
  }

  @Test func taskWithoutTrackingFeedbacksDoesNotWaitForFedBackEffects() async throws {
    let environment = Environment()
    let actomaton = Actomaton(state: [], reducer: Self.feeding, environment: environment)
    try await actomaton.send(.none)?.value  // returns once `.waitAndReturn` was reduced
    #expect(await actomaton.state.isEmpty)
    #expect(await actomaton.effectCount == 1, "the fed-back effect still runs")
    environment.gate.open()
  }

  @Test func trackingFeedbacksWaitsForTheWholeChain() async throws {
    let actomaton = Self.make()
    try await actomaton.send(.chain(20), tracksFeedbacks: true)?.value
    #expect(await actomaton.state == [0])
  }

  /// Cancelling a send's task cancels its effects, drops their actions and reports no error.
  @Test func cancellingTheTaskCancelsItsEffectsAndDropsTheirActionsUnreported() async throws {
    let environment = Environment()
    let errors = Locked(0)
    let actomaton = Self.make(environment, onError: { _ in errors.withLock { $0 += 1 } })
    let task = await actomaton.send(.waitAndReturn)
    await environment.probe.waitFor(1)
    task?.cancel()
    try await task?.value
    #expect(await environment.probe.events == ["waiting", "cancelled"])
    #expect(await actomaton.state.isEmpty)
    #expect(await actomaton.effectCount == 0)
    #expect(errors.withLock { $0 } == 0, "a cancellation error is not reported")
  }

  @Test func cancellingATrackedTaskCancelsEffectsOfFedBackActions() async throws {
    let environment = Environment()
    let actomaton = Actomaton(state: [], reducer: Self.feeding, environment: environment)
    let task = await actomaton.send(.none, tracksFeedbacks: true)
    await environment.probe.waitFor(1)
    task?.cancel()
    try await task?.value
    #expect(await environment.probe.events == ["waiting", "cancelled"])
    #expect(await actomaton.state.isEmpty)
  }

  @Test func taskThrowsTheEffectsErrorAndTheHookSeesIt() async {
    let seen = EventLog<String>()
    let actomaton = Self.make(onError: { error in
      seen.append((error as? TestError)?.message ?? "other")
    })
    await #expect(throws: TestError(message: "bad")) {
      try await actomaton.send(.fail("bad"))?.value
    }
    #expect(seen.entries == ["bad"])
  }

  @Test func anErrorNeitherCancelsSiblingsNorStopsTheActomaton() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    let task = await actomaton.send(.failAndSucceed)
    environment.gate.open()
    await #expect(throws: TestError()) { try await task?.value }
    #expect(await actomaton.state == [1], "the sibling effect still fed back its action")
    try await actomaton.send(.run(count: 1))?.value
    #expect(await actomaton.state == [1, 0])
  }

  @Test(arguments: [TaskPriority.low, .high])
  func effectsRunAtTheSendsPriority(priority: TaskPriority) async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    try await actomaton.send(.checkPriority, priority: priority)?.value
    #expect(await environment.probe.events == ["\(priority)"])
  }

  @Test func effectsRunAtTheCallersPriorityWhenNoneIsGiven() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    try await Task(priority: .low) {
      try await actomaton.send(.checkPriority)?.value
    }.value
    #expect(await environment.probe.events == ["\(TaskPriority.low)"])
  }
}
