import Synchronization

/// What a reducer's state wants alive: the lifted children, lifetimes and subscriptions it
/// declares (spec rule 13).
///
/// A declaration says, for any state, what should run; it does not start or stop anything
/// itself. `contramap` and `combine` carry the declarations up to the root reducer, and the
/// actomaton compares, after every reduced action, what the new state wants with what runs, so
/// a change made by any reducer (a parent, a sibling, a child, one made with `Reducer(only:)`)
/// starts and stops the same things.
@usableFromInline
package struct Lifecycle<Action: Sendable, State, Environment>: Sendable {
  /// Makes the watcher that one actomaton keeps: it remembers what runs.
  @usableFromInline let makeWatcher: @Sendable () -> LifeWatcher<Action, State, Environment>

  @usableFromInline
  init(_ makeWatcher: @escaping @Sendable () -> LifeWatcher<Action, State, Environment>) {
    self.makeWatcher = makeWatcher
  }

  /// Both declarations, `self` first.
  @usableFromInline
  static func combine(_ first: Lifecycle?, _ second: Lifecycle?) -> Lifecycle? {
    guard let first else { return second }
    guard let second else { return first }
    return Lifecycle { LifeGroup([first.makeWatcher(), second.makeWatcher()]) }
  }

  /// The same declarations for a larger domain.
  ///
  /// - Parameters:
  ///   - project: Runs its body on this state inside the larger one and returns `true`, or
  ///     returns `false` when the larger state holds none (everything declared here stops).
  ///   - environment: Picks this environment from the larger one.
  ///   - effects: Lifts the starts and stops into the larger action type.
  @usableFromInline
  func lifted<GlobalAction: Sendable, GlobalState, GlobalEnvironment>(
    project: @escaping @Sendable (inout GlobalState, (inout State) -> Void) -> Bool,
    environment: @escaping @Sendable (GlobalEnvironment) -> Environment,
    effects: @escaping @Sendable (Effect<Action>) -> Effect<GlobalAction>
  ) -> Lifecycle<GlobalAction, GlobalState, GlobalEnvironment> {
    let make = makeWatcher
    return Lifecycle<GlobalAction, GlobalState, GlobalEnvironment> {
      LiftedWatcher(make(), project: project, environment: environment, effects: effects)
    }
  }
}

/// The effects that one comparison asks for: what stops, then what starts.
@usableFromInline
package struct LifeChanges<Action: Sendable> {
  var stops: Effect<Action> = .empty
  var starts: Effect<Action> = .empty
  /// Cancels, again, the scopes of children that stopped and are still gone: run after the
  /// reducer's effects, it catches what a child that is gone asked for after feeding back an
  /// action (see ``LifeRoot/effect(after:state:)``).
  var late: Effect<Action> = .empty

  @usableFromInline init() {}

  var isEmpty: Bool { stops.isEmpty && starts.isEmpty }

  /// Adds `other`'s changes, lifted by `transform`.
  mutating func add<Other: Sendable>(
    _ other: LifeChanges<Other>, _ transform: (Effect<Other>) -> Effect<Action>
  ) {
    if !other.stops.isEmpty { stops = stops + transform(other.stops) }
    if !other.starts.isEmpty { starts = starts + transform(other.starts) }
    if !other.late.isEmpty { late = late + transform(other.late) }
  }
}

/// One actomaton's record of what one declaration keeps alive.
// NOTE: a class per declaration so that the root walks a tree made once, with no allocation for
// an action that moves nothing. Only the actomaton that made it touches it, on its isolation.
@usableFromInline
package class LifeWatcher<Action: Sendable, State, Environment> {
  @usableFromInline init() {}

  /// Takes what the initial state holds as running, without starting it.
  func prime(_ state: inout State, _ environment: Environment) {}

  /// Compares what `state` wants with what runs, adds the effects that stop and start, and
  /// remembers what runs now.
  func update(
    _ state: inout State, _ environment: Environment, _ changes: inout LifeChanges<Action>
  ) {}

  /// The part of the state it watches is gone: stops everything that runs.
  func stopAll(_ changes: inout LifeChanges<Action>) {}

  /// Forgets what runs without stopping it: the scope around it was cancelled already.
  func forget() {}
}

/// Several declarations side by side.
final class LifeGroup<Action: Sendable, State, Environment>: LifeWatcher<
  Action, State, Environment
>
{
  let members: [LifeWatcher<Action, State, Environment>]

  init(_ members: [LifeWatcher<Action, State, Environment>]) {
    // NOTE: a group of groups is flattened, so a long `combine` is one loop.
    self.members = members.flatMap { ($0 as? LifeGroup)?.members ?? [$0] }
  }

  override func prime(_ state: inout State, _ environment: Environment) {
    for member in members { member.prime(&state, environment) }
  }

  override func update(
    _ state: inout State, _ environment: Environment, _ changes: inout LifeChanges<Action>
  ) {
    for member in members { member.update(&state, environment, &changes) }
  }

  override func stopAll(_ changes: inout LifeChanges<Action>) {
    for member in members { member.stopAll(&changes) }
  }

  override func forget() {
    for member in members { member.forget() }
  }
}

/// A declaration made for a smaller domain, watched inside a larger one.
final class LiftedWatcher<
  Action: Sendable, State, Environment, LocalAction: Sendable, LocalState, LocalEnvironment
>: LifeWatcher<Action, State, Environment> {
  let inner: LifeWatcher<LocalAction, LocalState, LocalEnvironment>
  let project: @Sendable (inout State, (inout LocalState) -> Void) -> Bool
  let environment: @Sendable (Environment) -> LocalEnvironment
  let effects: @Sendable (Effect<LocalAction>) -> Effect<Action>

  init(
    _ inner: LifeWatcher<LocalAction, LocalState, LocalEnvironment>,
    project: @escaping @Sendable (inout State, (inout LocalState) -> Void) -> Bool,
    environment: @escaping @Sendable (Environment) -> LocalEnvironment,
    effects: @escaping @Sendable (Effect<LocalAction>) -> Effect<Action>
  ) {
    self.inner = inner
    self.project = project
    self.environment = environment
    self.effects = effects
  }

  override func prime(_ state: inout State, _ environment: Environment) {
    let local = self.environment(environment)
    _ = project(&state) { inner.prime(&$0, local) }
  }

  override func update(
    _ state: inout State, _ environment: Environment, _ changes: inout LifeChanges<Action>
  ) {
    var local = LifeChanges<LocalAction>()
    let localEnvironment = self.environment(environment)
    let isThere = project(&state) { inner.update(&$0, localEnvironment, &local) }
    if !isThere { inner.stopAll(&local) }
    if !local.isEmpty { changes.add(local, effects) }
  }

  override func stopAll(_ changes: inout LifeChanges<Action>) {
    var local = LifeChanges<LocalAction>()
    inner.stopAll(&local)
    if !local.isEmpty { changes.add(local, effects) }
  }

  override func forget() { inner.forget() }
}

/// What tells two declarations apart: each `child`, `children`, `lifetime` and
/// `subscriptions` call gets its own, so their scopes never collide by accident.
@usableFromInline
struct Declaration: Hashable, Sendable {
  let serial: UInt64

  private static let counter = Atomic<UInt64>(0)

  @usableFromInline
  init() {
    serial = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

/// The watchers of one actomaton's root reducer, which it asks after every reduced action.
// NOTE: `@unchecked Sendable` only so that the actomaton's `reduce` closure can hold it: that
// closure runs on the actomaton's isolation alone, so the watchers are never touched at once
// from two threads.
@usableFromInline
final class LifeRoot<Action: Sendable, State, Environment>: @unchecked Sendable {
  let watcher: LifeWatcher<Action, State, Environment>
  let environment: Environment

  @usableFromInline
  init(_ lifecycle: Lifecycle<Action, State, Environment>, state: State, environment: Environment) {
    watcher = lifecycle.makeWatcher()
    self.environment = environment
    var state = state
    watcher.prime(&state, environment)
  }

  /// `effect`, with what the new state wants started and what it no longer wants stopped.
  ///
  /// The stops and starts come before the first action `effect` feeds back at once, so that a
  /// later reduction inside the same send compares with what runs then, and after the effects
  /// before it, so that a stop also cancels what a child that is gone asked for last. When
  /// `effect` feeds back actions, the scopes of the children that stopped are cancelled once
  /// more at its end if they are still gone then.
  @usableFromInline
  func effect(after effect: Effect<Action>, state: inout State) -> Effect<Action> {
    var changes = LifeChanges<Action>()
    watcher.update(&state, environment, &changes)
    if changes.isEmpty { return effect }
    let life = changes.stops + changes.starts
    guard var parts = effect.storage else { return life }
    let index =
      parts.firstIndex {
        switch $0 {
        case .next, .concatenation: true
        default: false
        }
      } ?? parts.endIndex
    if index < parts.endIndex { parts += changes.late.parts }
    parts.insert(contentsOf: life.parts, at: index)
    return Effect(parts: parts)
  }
}
