import Synchronization

/// An actor that holds a state, runs a reducer for every action and manages the effects.
///
/// `send` runs the reducer synchronously on the actor; the returned effects run in their own tasks
/// and feed actions back. Effects are cancelled by id, managed by queues, and awaited or
/// cancelled through the task `send` returns. They hold the actomaton weakly: its release
/// cancels every running or waiting effect.
// NOTE: `final`, so that other modules call `send` directly and specialise it (no method table).
public final actor Actomaton<Action: Sendable, State: Sendable> {
  /// The current state; not to be read while the actomaton reduces an action (a reducer, a
  /// `subscriptions` function, a case path or a getter reads the state it is given).
  public var state: State {
    guard !isReducing.load(ordering: .relaxed) else {
      fatalError(
        "Actomaton.state was read while the actomaton reduces an action; a reducer, a "
          + "subscriptions function, a case path and a getter read the state they are given")
    }
    return currentState
  }

  @usableFromInline var currentState: State
  /// Whether the reducer or the watchers have the state (`inout`).
  // NOTE: atomic only to be a `let`: every write to a `var` of an actor is checked for exclusivity.
  @usableFromInline let isReducing = Atomic<Bool>(false)

  /// The root reducer, with its environment, then the comparison of what the state wants alive.
  @usableFromInline let reduce: (Action, inout State) -> Effect<Action>
  /// What the state wants alive, compared after every reduction; `nil` when nothing is declared.
  @usableFromInline let life: LifeRoot<Action, State>?
  let clock: EffectClock
  let onError: (@Sendable (any Error) -> Void)?
  let executor: (any TaskExecutor)?

  /// The books of the effects: every admitted, waiting and running effect, the queues, the ids.
  // NOTE: not isolated only so that `deinit` can cancel the effects synchronously: every other
  // access is the actor's, and `deinit` runs when no other reference exists.
  nonisolated(unsafe) var ledger: EffectLedger
  /// The observers, or `nil` while there are none.
  // NOTE: not isolated only so that `deinit` can end the observers, as for `ledger`.
  @usableFromInline nonisolated(unsafe) var hooks: Hooks?
  /// Where a misused queue is reported when there is no error hook; tests replace it.
  package var misuseOutput: @Sendable (String) -> Void = { StandardError.write($0) }

  /// Creates an actomaton whose reducer needs no environment; see
  /// ``init(state:reducer:environment:clock:onError:executor:observer:)``.
  public init(
    state: State,
    reducer: Reducer<Action, State, Void>,
    clock: any Clock<Duration> = ContinuousClock(),
    onError: (@Sendable (any Error) -> Void)? = nil,
    executor: (any TaskExecutor)? = nil,
    observer: ActomatonObserver<Action, State>? = nil
  ) {
    self.init(
      state: state, reducer: reducer, environment: (), clock: clock, onError: onError,
      executor: executor, observer: observer)
  }

  /// Creates an actomaton with an environment for its reducer.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - reducer: The reducer run for every action.
  ///   - environment: The dependencies handed to the reducer; released with the actomaton.
  ///   - clock: The clock for queue delays (a test clock in tests).
  ///   - onError: Called with every error an effect throws (which also surfaces through the task
  ///     `send` returned); for logging.
  ///   - executor: The task executor effects run on; the global one when `nil` (a test clock's
  ///     executor tells a test when the effects have settled).
  ///   - observer: Told of every action, state change and effect event (see
  ///     ``ActomatonObserver``); `nil` for none, which costs one check per action.
  public init<Environment: Sendable>(
    state: State,
    reducer: Reducer<Action, State, Environment>,
    environment: Environment,
    clock: any Clock<Duration> = ContinuousClock(),
    onError: (@Sendable (any Error) -> Void)? = nil,
    executor: (any TaskExecutor)? = nil,
    observer: ActomatonObserver<Action, State>? = nil
  ) {
    self.currentState = state
    self.hooks = observer.map { Hooks(observer: $0) }
    let run = reducer.run
    let life = reducer.lifecycle.map { LifeRoot($0, state: state, environment: environment) }
    // NOTE: one closure, so that a send checks its access to the state once (a thread lookup).
    self.reduce = { action, state in
      let effect = run(action, &state, environment)
      return life?.effect(after: effect, state: &state) ?? effect
    }
    (self.life, self.clock) = (life, EffectClock(clock))
    self.ledger = EffectLedger(now: self.clock.now)
    (self.onError, self.executor) = (onError, executor)
  }

  deinit {
    for record in ledger.records.values {
      record.handle?.cancel()
      if record.phase == .waiting { record.group?.leave() }
    }
    for subscriber in hooks?.subscribers ?? [] { subscriber.finish() }
  }

  /// The number of effects admitted and not over (a cancelled one's body may still run).
  package var effectCount: Int { ledger.records.count }
  /// The number of effect ids with an effect; ids are forgotten when their effects are over.
  package var trackedIDCount: Int { ledger.trackedIDCount }
  /// The number of live `values(of:)` observers.
  package var stateObserverCount: Int { hooks?.subscribers.count ?? 0 }
  /// Whether anything observes the actomaton (otherwise `send` takes the plain path).
  package var isObserved: Bool { hooks != nil }
  /// The ids of the effects admitted and not cancelled (running, delayed or waiting); an effect
  /// without an id is seen as an ``AnonymousEffectID``.
  package var liveEffectIDs: [any EffectIDProtocol] {
    ledger.records.values.filter { !$0.isCancelled }.sorted { $0.serial < $1.serial }.map {
      $0.id ?? AnonymousEffectID(serial: $0.serial)
    }
  }

  /// The keys of the subscriptions of type `Key` whose effects are live, in any scope.
  package func subscriptionKeys<Key: Hashable & Sendable>(_: Key.Type) -> Set<Key> {
    let outermost = liveEffectIDs.compactMap { $0 as? ScopedEffectID }
    let scoped = outermost.flatMap { id in sequence(first: id) { $0.inner as? ScopedEffectID } }
    return Set(scoped.compactMap { ($0.scope.key.base as? SubscriptionKey<Key>)?.key })
  }

  /// Replaces where a misused queue is reported when there is no error hook.
  package func setMisuseOutput(_ output: @escaping @Sendable (String) -> Void) {
    misuseOutput = output
  }

  /// Runs the reducer for `action` and starts the effects it returns.
  ///
  /// When this returns, `state` includes the change for `action` and for the actions fed back
  /// with ``Effect/nextAction(_:)``.
  ///
  /// - Parameters:
  ///   - action: The action to reduce.
  ///   - priority: The priority of the effects; the caller's priority when `nil`.
  ///   - tracksFeedbacks: Whether the returned task also waits for the effects of the actions
  ///     the effects feed back, recursively.
  /// - Returns: `nil` when the action started no asynchronous work; otherwise a task that
  ///   completes when the action's effects have finished and their actions were reduced, and
  ///   throws the first error one threw. Cancelling it cancels those effects.
  @discardableResult
  @inlinable
  public func send(
    _ action: Action,
    priority: TaskPriority? = nil,
    tracksFeedbacks: Bool = false
  ) -> Task<Void, any Error>? {
    // NOTE: inlinable, so that callers specialise the reducer call; the rest is out of line.
    let effect = process(action, from: .send)
    if effect.isEmpty { return nil }
    return start(effect, priority: priority, tracksFeedbacks: tracksFeedbacks)
  }

  /// Reduces `action`; with observers, tells them.
  @inlinable
  func process(_ action: Action, from origin: ActionOrigin) -> Effect<Action> {
    // NOTE: an unobserved send pays one load and test.
    if let hooks { return processObserved(action, from: origin, hooks: hooks) }
    return reduceAndCompare(action)
  }

  /// Runs the reducer, then compares what the new state wants alive with what runs.
  @inlinable
  func reduceAndCompare(_ action: Action) -> Effect<Action> {
    // NOTE: `state` says so, where Swift's exclusivity check would stop the program unexplained.
    isReducing.store(true, ordering: .relaxed)
    defer { isReducing.store(false, ordering: .relaxed) }
    return reduce(action, &currentState)
  }

  /// Runs a sent action's effect and returns the task that tracks it.
  @usableFromInline
  func start(_ effect: Effect<Action>, priority: TaskPriority?, tracksFeedbacks: Bool)
    -> Task<Void, any Error>?
  {
    var context = SendContext(priority: priority, tracksFeedbacks: tracksFeedbacks)
    run(effect, in: &context)
    return context.result(executor: executor)
  }

  /// Reduces an action fed back by a running effect and runs its effect.
  func reduceFeedback(_ action: Action, from record: EffectRecord) {
    var context = SendContext(feedbackOf: record)
    run(process(action, from: record.isBinding ? .binding : .feedback), in: &context)
  }

  /// Runs the parts of an effect in order.
  func run(_ effect: Effect<Action>, in context: inout SendContext) {
    for part in effect.parts {
      switch part {
      case let .next(action):
        let next = process(action, from: .nextAction)
        if !next.isEmpty { run(next, in: &context) }
      case let .task(task):
        admit(task, in: &context)
      // NOTE: what a cancellation starts belongs to the send that admitted it, not this one.
      case let .cancelID(key):
        carry(ledger.cancel(id: key))
      case let .cancelWhere(predicate, endsScope):
        carry(ledger.cancel(where: predicate, sparingStops: endsScope))
      case let .concatenation(parts, stops):
        runConcatenation(parts[...], outlivesScopes: stops, in: &context)
      }
    }
  }

  func makeGroup() -> SendGroup { SendGroup(owner: self) }
}

extension Actomaton: SendGroupOwner {
  nonisolated func cancelEffectsSoon(of group: SendGroup) {
    // NOTE: on the effects' executor, so a test clock's executor also sees this hop.
    Task(executorPreference: executor) { await self.cancelEffects(of: group) }
  }
}
