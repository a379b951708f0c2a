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
/// action fed back but not received, or an effect still running at
/// ``finish(isolation:fileID:filePath:line:column:)`` (or when the store is released) fails the
/// test, at the line of the `send` or `receive` concerned.
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
    let id: UInt64
    let description: String
    let location: TestSourceLocation
    let task: Task<Void, any Error>?
    let isDone: Locked<Bool>
  }

  /// How strict the store is; may be changed between steps.
  public var exhaustivity: Exhaustivity
  /// The real-time limit on waiting for an action from effects that run outside the store's
  /// executor (real I/O); it only guards against hangs. Effects that only sleep on the test clock
  /// are never waited for in real time.
  public var safetyLimit: Duration = .seconds(5)

  /// How many jobs the store's executor may run while the store waits for the effects to settle:
  /// an effect that feeds back forever without sleeping on the test clock (a repeating timer on
  /// an ``ImmediateClock``, a `Task.yield()` loop) fails the test after this many, instead of
  /// hanging it. 100,000 by default.
  public var settlingLimit: Int {
    get { executor.jobLimit }
    set { executor.jobLimit = newValue }
  }

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
  /// The sends since the last ``finish()``.
  var sends: [SendRecord] = []
  /// Set once an effect was found never to settle and could not be stopped: waiting stops.
  var isRunaway = false
  /// The sends whose effects were reported as never settling, and cancelled: their effects are
  /// part of that one failure, not still running at the end as well.
  var runawaySendIDs: Set<UInt64> = []
  let recorder = FailureRecorder()
  let creation: TestSourceLocation
  /// The store's settling, attached to its clock (``TestClock/advance(to:)`` runs it after each
  /// wake) until the store goes.
  let settlerKey: Int?

  /// Creates a store running `reducer` with `environment`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer under test.
  ///   - environment: Its dependencies; pass the same `clock` in it when it sleeps.
  ///   - clock: The test clock for the actomaton's queue delays and for `receive` time-outs.
  ///   - exhaustivity: `.on` to assert everything, `.off` for integration tests.
  ///   - fileID: The caller's file, where failures that belong to no step are reported; leave
  ///     the default.
  ///   - filePath: The caller's file path, for XCTest's reports; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public init<Environment: Sendable>(
    initialState: State,
    reducer: Reducer<Action, State, Environment>,
    environment: Environment,
    clock: TestClock? = nil,
    exhaustivity: Exhaustivity = .on,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.creation = TestSourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
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
    let actomaton = Actomaton(
      state: initialState, reducer: recording, environment: environment,
      clock: clock ?? ContinuousClock(), executor: executor)
    self.actomaton = actomaton
    let executor = self.executor
    self.settlerKey = clock?.attach { [weak actomaton] in
      guard let actomaton else { return false }
      return await Self.settle(actomaton, on: executor, recordingIn: steps)
    }
  }

  /// Creates a store running a reducer that needs no environment.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer under test.
  ///   - clock: The test clock for the actomaton's queue delays and for `receive` time-outs.
  ///   - exhaustivity: `.on` to assert everything, `.off` for integration tests.
  ///   - fileID: The caller's file, where failures that belong to no step are reported; leave
  ///     the default.
  ///   - filePath: The caller's file path, for XCTest's reports; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public convenience init(
    initialState: State,
    reducer: Reducer<Action, State, Void>,
    clock: TestClock? = nil,
    exhaustivity: Exhaustivity = .on,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState, reducer: reducer, environment: (), clock: clock,
      exhaustivity: exhaustivity, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    if let settlerKey { clock?.detach(settlerKey) }
    checkEnd(at: nil)
    for send in sends { send.task?.cancel() }
    recorder.close()
  }

  /// Records a failure of the test that runs the store.
  func fail(_ message: String, at location: TestSourceLocation) {
    recorder.record(message, at: location)
  }

  /// Sends `action` and checks the state change against `update`.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - update: Turns the state before the action into the state expected after it; no closure
  ///     means no change is expected.
  ///   - isolation: The caller's actor, so the store (which is not `Sendable`) stays on it;
  ///     leave the default.
  ///   - fileID: The caller's file, where failures are reported; leave the default.
  ///   - filePath: The caller's file path, for XCTest's reports; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
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
    recorder.flush()
    await settle(at: location)
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
      SendRecord(
        id: sendID, description: describe(action), location: location, task: task, isDone: isDone)
    )
    await settle(at: location)
    recorder.flush()
    return TestStoreTask(
      task: task, isDone: isDone, description: describe(action), executor: executor, clock: clock,
      safetyLimit: safetyLimit, worksElsewhere: worksElsewhereProbe(),
      effectsAreOver: { [actomaton, executor] in
        await withTaskExecutorPreference(executor) { await actomaton.effectCount } == 0
      })
  }

  /// Checks the end of the test now: unhandled received actions (reported here) and running
  /// effects (reported at the send that started each) fail it in exhaustive mode; then every
  /// effect still running is cancelled.
  ///
  /// A checkpoint: the test may go on sending, and what it does after is checked again at the
  /// next `finish()` or when the store is released.
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor, so the store (which is not `Sendable`) stays on it;
  ///     leave the default.
  ///   - fileID: The caller's file, where failures are reported; leave the default.
  ///   - filePath: The caller's file path, for XCTest's reports; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func finish(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestSourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    recorder.flush()
    await settle(at: location)
    checkEnd(at: location)
    for send in sends { send.task?.cancel() }
    await settle(at: location)
    skipUnhandledSteps()
    // NOTE: what was checked is forgotten, so that the next check sees only what came after.
    sends = []
    recorder.flush()
  }

  /// Drops the actions received but not yet asserted.
  ///
  /// Waits for the effects to settle first, so actions already on their way are dropped too.
  ///
  /// - Parameter isolation: The caller's actor, so the store (which is not `Sendable`) stays on
  ///   it; leave the default.
  public func skipReceivedActions(isolation: isolated (any Actor)? = #isolation) async {
    await settle(at: nil)
    skipUnhandledSteps()
  }

  /// Cancels every effect still running, so the test can end without asserting them.
  ///
  /// - Parameter isolation: The caller's actor, so the store (which is not `Sendable`) stays on
  ///   it; leave the default.
  public func skipInFlightEffects(isolation: isolated (any Actor)? = #isolation) async {
    for send in sends { send.task?.cancel() }
    await settle(at: nil)
  }
}

/// Marks the steps the reducer runs inside one of the store's sends.
enum SendScope {
  @TaskLocal static var current: UInt64?
}
