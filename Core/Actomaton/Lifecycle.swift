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
  /// Makes the watcher that one actomaton keeps, with that actomaton's environment.
  @usableFromInline
  let makeWatcher: @Sendable (Environment) -> LifeWatcher<Action, State>

  @usableFromInline
  init(_ makeWatcher: @escaping @Sendable (Environment) -> LifeWatcher<Action, State>) {
    self.makeWatcher = makeWatcher
  }

  /// Both declarations, `first` first.
  @usableFromInline
  static func combine(_ first: Lifecycle?, _ second: Lifecycle?) -> Lifecycle? {
    guard let first else { return second }
    guard let second else { return first }
    return Lifecycle { environment in
      LifeGroup([first.makeWatcher(environment), second.makeWatcher(environment)])
    }
  }

  /// The same declarations for a larger action type and environment, on the same state.
  @usableFromInline
  func lifted<GlobalAction: Sendable, GlobalEnvironment>(
    environment: @escaping @Sendable (GlobalEnvironment) -> Environment,
    effects: @escaping @Sendable (Effect<Action>) -> Effect<GlobalAction>
  ) -> Lifecycle<GlobalAction, State, GlobalEnvironment> {
    lifted(
      project: { (state: State) -> State? in state }, environment: environment, effects: effects)
  }

  /// The same declarations for a larger domain whose state may hold this one.
  ///
  /// - Parameters:
  ///   - project: This state inside the larger one, or `nil` when the larger state holds none
  ///     (everything declared here stops).
  ///   - environment: Picks this environment from the larger one.
  ///   - effects: Lifts the starts and stops into the larger action type.
  @usableFromInline
  func lifted<GlobalAction: Sendable, GlobalState, GlobalEnvironment>(
    project: @escaping @Sendable (GlobalState) -> State?,
    environment: @escaping @Sendable (GlobalEnvironment) -> Environment,
    effects: @escaping @Sendable (Effect<Action>) -> Effect<GlobalAction>
  ) -> Lifecycle<GlobalAction, GlobalState, GlobalEnvironment> {
    let make = makeWatcher
    return Lifecycle<GlobalAction, GlobalState, GlobalEnvironment> { global in
      LiftedWatcher(make(environment(global)), project: project, effects: effects)
    }
  }
}

/// What one comparison of the state with what runs found: the effects that stop what went and
/// start what came, in the order they were found.
@usableFromInline
struct LifeChanges<Action: Sendable> {
  var stops = Effect<Action>.empty
  var starts = Effect<Action>.empty
  /// Cancels, again, the scopes of children that stopped if they are still gone when it runs:
  /// run after the reducer's effects, it catches what a child that is gone asked for after
  /// feeding back an action (see ``LifeRoot/effect(after:state:)``).
  var late = Effect<Action>.empty

  static func + (lhs: LifeChanges, rhs: LifeChanges) -> LifeChanges {
    LifeChanges(
      stops: lhs.stops + rhs.stops, starts: lhs.starts + rhs.starts, late: lhs.late + rhs.late)
  }

  /// The same changes for a larger domain.
  func map<Global: Sendable>(_ transform: (Effect<Action>) -> Effect<Global>) -> LifeChanges<Global>
  {
    var global = LifeChanges<Global>()
    if !stops.isEmpty { global.stops = transform(stops) }
    if !starts.isEmpty { global.starts = transform(starts) }
    if !late.isEmpty { global.late = transform(late) }
    return global
  }
}

/// One actomaton's record of what one declaration keeps alive; the actomaton holds the tree of
/// them and asks its root after every reduced action.
// NOTE: a class per declaration, so that the root walks a tree made once. Only the actomaton
// that made it touches it, on its isolation.
@usableFromInline
class LifeWatcher<Action: Sendable, State> {
  init() {}

  /// Takes what the initial state holds as running, without starting it.
  func prime(_ state: State) {}

  /// Compares what the state wants with what runs, remembers what runs now, and returns the
  /// effects that stop and start the difference.
  func update(_ state: State) -> LifeChanges<Action> { LifeChanges() }

  /// The part of the state it watches is gone: stops everything that runs.
  func stopAll() -> LifeChanges<Action> { LifeChanges() }

  /// The part of the state it watches went with a child around it, whose stop cancels the
  /// effects of everything inside: returns the `onStop` work of each child and lifetime that was
  /// there, innermost first, orphaned (their actions are for children that are gone, and go
  /// nowhere), and forgets what ran.
  func orphan() -> Effect<Action> { .empty }
}

/// Several declarations side by side.
final class LifeGroup<Action: Sendable, State>: LifeWatcher<Action, State> {
  let members: [LifeWatcher<Action, State>]

  init(_ members: [LifeWatcher<Action, State>]) {
    // NOTE: a group of groups is flattened, so a long `combine` is one loop.
    self.members = members.flatMap { ($0 as? LifeGroup)?.members ?? [$0] }
  }

  override func prime(_ state: State) {
    for member in members { member.prime(state) }
  }

  override func update(_ state: State) -> LifeChanges<Action> {
    members.reduce(LifeChanges()) { $0 + $1.update(state) }
  }

  override func stopAll() -> LifeChanges<Action> {
    members.reduce(LifeChanges()) { $0 + $1.stopAll() }
  }

  override func orphan() -> Effect<Action> {
    members.reduce(.empty) { $0 + $1.orphan() }
  }
}

/// A declaration made for a part of the state and the actions, watched from the whole.
final class LiftedWatcher<Action: Sendable, State, LocalAction: Sendable, LocalState>:
  LifeWatcher<Action, State>
{
  let inner: LifeWatcher<LocalAction, LocalState>
  let project: (State) -> LocalState?
  let effects: (Effect<LocalAction>) -> Effect<Action>

  init(
    _ inner: LifeWatcher<LocalAction, LocalState>, project: @escaping (State) -> LocalState?,
    effects: @escaping (Effect<LocalAction>) -> Effect<Action>
  ) {
    self.inner = inner
    self.project = project
    self.effects = effects
  }

  override func prime(_ state: State) {
    if let local = project(state) { inner.prime(local) }
  }

  override func update(_ state: State) -> LifeChanges<Action> {
    guard let local = project(state) else { return inner.stopAll().map(effects) }
    return inner.update(local).map(effects)
  }

  override func stopAll() -> LifeChanges<Action> { inner.stopAll().map(effects) }

  override func orphan() -> Effect<Action> {
    let orphaned = inner.orphan()
    return orphaned.isEmpty ? .empty : effects(orphaned)
  }
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
// NOTE: held by the actomaton as an isolated property: only its isolation touches the tree.
@usableFromInline
final class LifeRoot<Action: Sendable, State> {
  private let watcher: LifeWatcher<Action, State>

  init<Environment>(
    _ lifecycle: Lifecycle<Action, State, Environment>, state: State, environment: Environment
  ) {
    watcher = lifecycle.makeWatcher(environment)
    watcher.prime(state)
  }

  /// `effect`, with what the new state wants started and what it no longer wants stopped.
  ///
  /// The stops and starts come before the first action `effect` feeds back at once, so that a
  /// later reduction inside the same send compares with what runs then, and after the effects
  /// before it, so that a stop also cancels what a child that is gone asked for last. When
  /// `effect` feeds back actions, the scopes of the children that stopped are cancelled once
  /// more at its end if they are still gone then.
  @usableFromInline
  func effect(after effect: Effect<Action>, state: State) -> Effect<Action> {
    let changes = watcher.update(state)
    if changes.stops.isEmpty, changes.starts.isEmpty { return effect }
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

extension Effect {
  /// The work of this effect with nothing fed back: what an `onStop` does when the child it
  /// would tell is gone too. Its tasks keep their queues, in its concatenations' order; no id
  /// reaches them, and a sequence's elements are dropped; its actions and cancellations go.
  // NOTE: lifting an orphaned effect (`scoped`, `map`) keeps it orphaned: the flags are kept and
  // its body feeds nothing back.
  func orphaned<Orphan: Sendable>() -> Effect<Orphan> {
    Effect<Orphan>(
      parts: parts.compactMap { part -> Effect<Orphan>.Part? in
        switch part {
        case .next, .cancelID, .cancelWhere, .endScope: nil
        case let .task(task): .task(task.orphaned())
        case let .concatenation(effects, _):
          .concatenation(effects.map { $0.orphaned() }, outlivesScopes: true)
        }
      })
  }
}

extension TaskEffect {
  /// This task with nothing fed back and no id to reach it, in its queue.
  func orphaned<Orphan: Sendable>() -> TaskEffect<Orphan> {
    let body: TaskEffect<Orphan>.Body =
      switch body {
      case let .single(run):
        .single {
          _ = try await run(); return nil
        }
      case let .sequence(run):
        .single {
          try await run { _ in }; return nil
        }
      }
    return TaskEffect<Orphan>(
      id: id, queue: queue, body: body, outlivesScopes: true, isOrphaned: true)
  }
}
