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
  /// Makes the watcher that one actomaton keeps, with that actomaton's environment and where its
  /// stops and starts go.
  @usableFromInline
  let makeWatcher: @Sendable (Environment, LifeEmitter<Action>) -> LifeWatcher

  @usableFromInline
  init(_ makeWatcher: @escaping @Sendable (Environment, LifeEmitter<Action>) -> LifeWatcher) {
    self.makeWatcher = makeWatcher
  }

  /// Both declarations, `first` first.
  @usableFromInline
  static func combine(_ first: Lifecycle?, _ second: Lifecycle?) -> Lifecycle? {
    guard let first else { return second }
    guard let second else { return first }
    return Lifecycle { environment, emitter in
      LifeGroup([
        first.makeWatcher(environment, emitter), second.makeWatcher(environment, emitter),
      ])
    }
  }

  /// The same declarations for a larger action type and environment, on the same state.
  // NOTE: no watcher of its own: the environment is picked and the emitter lifted once, when
  // the actomaton is made, so this costs nothing per action.
  @usableFromInline
  func lifted<GlobalAction: Sendable, GlobalEnvironment>(
    environment: @escaping @Sendable (GlobalEnvironment) -> Environment,
    effects: @escaping @Sendable (Effect<Action>) -> Effect<GlobalAction>
  ) -> Lifecycle<GlobalAction, State, GlobalEnvironment> {
    let make = makeWatcher
    return Lifecycle<GlobalAction, State, GlobalEnvironment> { global, emitter in
      make(environment(global), emitter.lifted(effects))
    }
  }

  /// The same declarations for a larger domain whose state holds this one.
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
    return Lifecycle<GlobalAction, GlobalState, GlobalEnvironment> { global, emitter in
      LiftedWatcher<GlobalState, State>(
        make(environment(global), emitter.lifted(effects)), project: project)
    }
  }

  /// The same declarations for a larger domain whose state holds this one `offset` bytes from
  /// its start; through `project` when `offset` is `nil`.
  ///
  /// The watcher adds the offset to the pointer it is given: no call, no copy. The caller
  /// promises that this state is there whenever the watcher is asked: a stored property, or the
  /// value of an optional asked only while it holds one (an `Optional` stores its value at its
  /// start).
  @usableFromInline
  func lifted<GlobalAction: Sendable, GlobalState, GlobalEnvironment>(
    offset: Int?,
    project: @escaping @Sendable (inout GlobalState, (inout State) -> Void) -> Bool,
    environment: @escaping @Sendable (GlobalEnvironment) -> Environment,
    effects: @escaping @Sendable (Effect<Action>) -> Effect<GlobalAction>
  ) -> Lifecycle<GlobalAction, GlobalState, GlobalEnvironment> {
    guard let offset else {
      return lifted(project: project, environment: environment, effects: effects)
    }
    let make = makeWatcher
    return Lifecycle<GlobalAction, GlobalState, GlobalEnvironment> { global, emitter in
      OffsetWatcher(make(environment(global), emitter.lifted(effects)), offset: offset)
    }
  }
}

/// Where a watcher sends the effects that stop and start what it watches; each level lifts
/// them into its parent's actions and scope on the way to the root.
@usableFromInline
package final class LifeEmitter<Action: Sendable> {
  let stop: (Effect<Action>) -> Void
  let start: (Effect<Action>) -> Void
  /// Cancels, again, the scopes of children that stopped and are still gone: run after the
  /// reducer's effects, it catches what a child that is gone asked for after feeding back an
  /// action (see ``LifeRoot/effect(after:state:)``).
  let late: (Effect<Action>) -> Void
  /// Runs the `onStop` of a child that went with the child around it (see
  /// ``LifeWatcher/orphan()``): its work, with nothing fed back and no id to reach it.
  let orphan: (Effect<Action>) -> Void

  init(
    stop: @escaping (Effect<Action>) -> Void, start: @escaping (Effect<Action>) -> Void,
    late: @escaping (Effect<Action>) -> Void, orphan: @escaping (Effect<Action>) -> Void
  ) {
    self.stop = stop
    self.start = start
    self.late = late
    self.orphan = orphan
  }

  /// An emitter for a smaller domain, whose effects `transform` lifts into this one's.
  func lifted<Local: Sendable>(_ transform: @escaping (Effect<Local>) -> Effect<Action>)
    -> LifeEmitter<Local>
  {
    // NOTE: an orphan's work is lifted as the child's own `onStop` would be, so it waits in
    // the same queues (two rows' saves, one row gone before the list and one with it, still
    // run one at a time); the ending scopes spare it, as all `onStop` work.
    LifeEmitter<Local>(
      stop: { self.stop(transform($0)) }, start: { self.start(transform($0)) },
      late: { self.late(transform($0)) }, orphan: { self.orphan(transform($0.orphaned())) })
  }
}

extension Effect {
  /// The work of this effect with nothing fed back: what an `onStop` does when the child it
  /// would tell is gone too. Its tasks keep their queues, in its concatenations' order; no id
  /// reaches them, and a sequence's elements are dropped; its actions and cancellations go.
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

/// One actomaton's record of what one declaration keeps alive.
///
/// The state is handed over as a pointer to the watched value (its type is the watcher's
/// business), so that walking the tree needs no generic metadata.
// NOTE: a class per declaration so that the root walks a tree made once, with no allocation for
// an action that moves nothing. Only the actomaton that made it touches it, on its isolation.
@usableFromInline
package class LifeWatcher {
  init() {}

  /// Takes what the initial state holds as running, without starting it.
  func prime(_ state: UnsafeMutableRawPointer) {}

  /// Compares what the state wants with what runs, emits the effects that stop and start, and
  /// remembers what runs now.
  func update(_ state: UnsafeMutableRawPointer) {}

  /// The part of the state it watches is gone: stops everything that runs.
  func stopAll() {}

  /// The part of the state it watches went with a child around it, whose stop cancels the
  /// effects of everything inside: runs the `onStop` of each child and lifetime that was there,
  /// innermost first (their actions are for children that are gone, and go nowhere), and
  /// forgets what ran.
  func orphan() {}
}

/// Several declarations side by side.
final class LifeGroup: LifeWatcher {
  let members: [LifeWatcher]
  /// `members`, unretained (`members` keeps them alive), so the walk costs no reference counting.
  let unretained: [Unmanaged<LifeWatcher>]

  init(_ members: [LifeWatcher]) {
    // NOTE: a group of groups is flattened, so a long `combine` is one loop.
    self.members = members.flatMap { ($0 as? LifeGroup)?.members ?? [$0] }
    self.unretained = self.members.map { Unmanaged.passUnretained($0) }
  }

  override func prime(_ state: UnsafeMutableRawPointer) {
    for member in members { member.prime(state) }
  }

  override func update(_ state: UnsafeMutableRawPointer) {
    for member in unretained { member._withUnsafeGuaranteedRef { $0.update(state) } }
  }

  override func stopAll() {
    for member in members { member.stopAll() }
  }

  override func orphan() {
    for member in members { member.orphan() }
  }
}

/// A declaration made for a part of the state, watched from the whole.
final class LiftedWatcher<State, LocalState>: LifeWatcher {
  let inner: LifeWatcher
  let project: @Sendable (inout State, (inout LocalState) -> Void) -> Bool

  init(
    _ inner: LifeWatcher,
    project: @escaping @Sendable (inout State, (inout LocalState) -> Void) -> Bool
  ) {
    self.inner = inner
    self.project = project
  }

  override func prime(_ state: UnsafeMutableRawPointer) {
    let inner = inner
    _ = project(&state.assumingMemoryBound(to: State.self).pointee) { local in
      withUnsafeMutablePointer(to: &local) { inner.prime(UnsafeMutableRawPointer($0)) }
    }
  }

  override func update(_ state: UnsafeMutableRawPointer) {
    let inner = inner
    let isThere = project(&state.assumingMemoryBound(to: State.self).pointee) { local in
      withUnsafeMutablePointer(to: &local) { inner.update(UnsafeMutableRawPointer($0)) }
    }
    if !isThere { inner.stopAll() }
  }

  override func stopAll() { inner.stopAll() }

  override func orphan() { inner.orphan() }
}

/// A declaration made for a part of the state at a fixed place in the whole.
final class OffsetWatcher: LifeWatcher {
  let inner: LifeWatcher
  let offset: Int

  init(_ inner: LifeWatcher, offset: Int) {
    self.inner = inner
    self.offset = offset
  }

  override func prime(_ state: UnsafeMutableRawPointer) { inner.prime(state + offset) }

  override func update(_ state: UnsafeMutableRawPointer) { inner.update(state + offset) }

  override func stopAll() { inner.stopAll() }

  override func orphan() { inner.orphan() }
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
@usableFromInline
// NOTE: `@unchecked Sendable` only so that the actomaton's `reduce` closure can hold it: that
// closure runs on the actomaton's isolation alone, so the watchers are never touched at once
// from two threads.
final class LifeRoot<Action: Sendable, State>: @unchecked Sendable {
  // NOTE: unchecked: only the actomaton's isolation touches it, one call at a time.
  private final class Collected {
    @exclusivity(unchecked) var stops = Effect<Action>.empty
    @exclusivity(unchecked) var starts = Effect<Action>.empty
    @exclusivity(unchecked) var late = Effect<Action>.empty
    /// Whether nothing was collected since the last action: the one test an action that moves
    /// nothing pays.
    @exclusivity(unchecked) var isEmpty = true
  }

  private let watcher: LifeWatcher
  private let collected = Collected()

  @usableFromInline
  init<Environment>(
    _ lifecycle: Lifecycle<Action, State, Environment>, state: State, environment: Environment
  ) {
    let collected = collected
    let emitter = LifeEmitter<Action>(
      stop: {
        collected.stops = collected.stops + $0
        collected.isEmpty = false
      },
      start: {
        collected.starts = collected.starts + $0
        collected.isEmpty = false
      },
      late: {
        collected.late = collected.late + $0
        collected.isEmpty = false
      },
      orphan: {
        collected.stops = collected.stops + $0.orphaned()
        collected.isEmpty = false
      })
    watcher = lifecycle.makeWatcher(environment, emitter)
    var state = state
    Self.prime(watcher, &state)
  }

  // NOTE: `&state` passed as a typed pointer: `withUnsafeMutablePointer`, called from this
  // generic, unspecialised code, took the type's metadata on every action.
  private static func prime(_ watcher: LifeWatcher, _ state: UnsafeMutablePointer<State>) {
    watcher.prime(UnsafeMutableRawPointer(state))
  }

  private static func update(_ watcher: LifeWatcher, _ state: UnsafeMutablePointer<State>) {
    watcher.update(UnsafeMutableRawPointer(state))
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
    Self.update(watcher, &state)
    if collected.isEmpty { return effect }
    collected.isEmpty = true
    if collected.stops.isEmpty, collected.starts.isEmpty { return effect }
    let life = collected.stops + collected.starts
    let late = collected.late
    (collected.stops, collected.starts, collected.late) = (.empty, .empty, .empty)
    guard var parts = effect.storage else { return life }
    let index =
      parts.firstIndex {
        switch $0 {
        case .next, .concatenation: true
        default: false
        }
      } ?? parts.endIndex
    if index < parts.endIndex { parts += late.parts }
    parts.insert(contentsOf: life.parts, at: index)
    return Effect(parts: parts)
  }
}
