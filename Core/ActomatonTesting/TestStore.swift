import Actomaton
import ActomatonDebugging

/// Drives an `Actomaton` in a test and checks every state change and every fed-back action.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: State(), reducer: reducer, environment: .init(clock: clock),
///                       clock: clock)
/// await store.send(.start) { $0.isRunning = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.elapsed = .seconds(1) }
/// await store.send(.stop) { $0.isRunning = false }
/// ```
///
/// With exhaustivity on (the default), a state change that the closure does not describe, an
/// action fed back but not received, or an effect still running at ``finish()`` (or when the store
/// is released) fails the test, at the line of the `send` or `receive` concerned.
public final class TestStore<Action: Sendable, State: Sendable & Equatable> {
  /// How strict the store is.
  public enum Exhaustivity: Sendable, Equatable {
    /// Every state change, received action and running effect must be asserted.
    case on
    /// Only what the test asserts is checked: closures are applied to the actual state, unmatched
    /// received actions are skipped, and effects still running at the end are cancelled silently.
    case off
  }

  struct Step: Sendable {
    let action: Action
    let before: State
    let after: State
    /// The store's `send` that this step ran in (or whose effect fed it back), if any.
    let sendID: UInt64?
  }

  struct SendRecord {
    let description: String
    let location: TestSourceLocation
    let task: Task<Void, any Error>?
    let isDone: Locked<Bool>
  }

  /// How strict the store is; may be changed between steps.
  public var exhaustivity: Exhaustivity
  /// The real-time limit on waiting for an action from effects that run outside the store's
  /// executor; it only guards against hangs.
  public var safetyLimit: Duration = .seconds(5)

  /// The state after the last asserted step.
  public internal(set) var state: State

  let actomaton: Actomaton<Action, State>
  let clock: TestClock?
  let executor: TestExecutor
  let steps = Locked<[Step]>([])
  var handledSteps = 0
  /// Steps past `handledSteps` already asserted: a sent action's step, when an effect running
  /// off the executor fed an action back just before it.
  var handledOutOfOrder: Set<Int> = []
  /// The index of the latest step whose state `state` shows.
  var stateStep = -1
  var nextSendID: UInt64 = 0
  var sends: [SendRecord] = []
  var isFinished = false

  /// Creates a store running `reducer` with `environment`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer under test.
  ///   - environment: Its dependencies; pass the same `clock` in it when it sleeps.
  ///   - clock: The test clock for the actomaton's queue delays and for `receive` time-outs.
  ///   - exhaustivity: `.on` to assert everything, `.off` for integration tests.
  public init<Environment: Sendable>(
    initialState: State,
    reducer: Reducer<Action, State, Environment>,
    environment: Environment,
    clock: TestClock? = nil,
    exhaustivity: Exhaustivity = .on
  ) {
    let steps = self.steps
    let recording = reducer.wrappingRun { run in
      { action, state, environment in
        let before = state
        let effect = run(action, &state, environment)
        let step = Step(action: action, before: before, after: state, sendID: SendScope.current)
        steps.withLock { $0.append(step) }
        return effect
      }
    }
    self.state = initialState
    self.clock = clock
    self.exhaustivity = exhaustivity
    self.executor = clock?.executor ?? TestExecutor()
    self.actomaton = Actomaton(
      state: initialState, reducer: recording, environment: environment,
      clock: clock ?? ContinuousClock(), executor: executor)
  }

  /// Creates a store running a reducer that needs no environment.
  public convenience init(
    initialState: State,
    reducer: Reducer<Action, State, Void>,
    clock: TestClock? = nil,
    exhaustivity: Exhaustivity = .on
  ) {
    self.init(
      initialState: initialState, reducer: reducer, environment: (), clock: clock,
      exhaustivity: exhaustivity)
  }

  deinit {
    if !isFinished { checkEnd(settled: false) }
    for send in sends { send.task?.cancel() }
  }

  /// Sends `action` and checks the state change against `update`.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - update: Turns the state before the action into the state expected after it; no closure
  ///     means no change is expected.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    _ update: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    let location = TestSourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    if exhaustivity == .on {
      checkNoUnhandledSteps(before: "send(\(describe(action)))", at: location)
    }
    skipUnhandledSteps()
    // NOTE: entering the actomaton from the executor keeps every job it causes on the executor,
    // so `settle()` cannot return while an effect waits for the actor this task holds.
    let actomaton = self.actomaton
    nextSendID += 1
    let sendID = nextSendID
    let task = await SendScope.$current.withValue(sendID) {
      await withTaskExecutorPreference(executor) {
        await actomaton.send(action, tracksFeedbacks: true)
      }
    }
    if let (index, step) = takeStep(sentBy: sendID) {
      check(step, update, name: "send(\(describe(action)))", at: location, index: index)
    }
    let isDone = Locked(task == nil)
    if let task {
      Task(executorPreference: executor) {
        _ = try? await task.value
        isDone.withLock { $0 = true }
      }
    }
    sends.append(
      SendRecord(description: describe(action), location: location, task: task, isDone: isDone))
    await settle()
    return TestStoreTask(
      task: task, isDone: isDone, description: describe(action), executor: executor, clock: clock,
      safetyLimit: safetyLimit)
  }

  /// Checks the end of the test now: unhandled received actions and running effects fail it
  /// (exhaustive mode); then every effect still running is cancelled.
  public func finish(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await settle()
    isFinished = true
    checkEnd(settled: true)
    for send in sends { send.task?.cancel() }
    await settle()
  }

  /// Drops the actions received but not yet asserted.
  public func skipReceivedActions(isolation: isolated (any Actor)? = #isolation) async {
    await settle()
    skipUnhandledSteps()
  }

  /// Cancels every effect still running, so the test can end without asserting them.
  public func skipInFlightEffects(isolation: isolated (any Actor)? = #isolation) async {
    for send in sends { send.task?.cancel() }
    await settle()
  }
}

/// Marks the steps the reducer runs inside one of the store's sends.
enum SendScope {
  @TaskLocal static var current: UInt64?
}
