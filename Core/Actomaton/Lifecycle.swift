import Synchronization

/// What a reducer's state wants alive: the lifted children, lifetimes and subscriptions it
/// declares (spec rule 13).
///
/// A declaration says, for any state, what should run; it starts and stops nothing itself.
/// `contramap` and `combine` carry the declarations up to the root reducer, and the actomaton
/// compares what the new state wants with what runs after every reduced action, so a change
/// made by any reducer starts and stops the same things.
@usableFromInline
package struct Lifecycle<Action: Sendable, State, Environment>: Sendable {
  /// Makes the watcher that one actomaton keeps, with that actomaton's environment.
  @usableFromInline
  let makeWatcher: @Sendable (Environment) -> LifeWatcher<Action, State>
  /// Set when every declaration here watches one field of the state, which `combine` then has
  /// them read once: the field's path, the declarations (a `Lifecycle<Action, Field,
  /// Environment>`), and both declarations when another's are on a field of the same type.
  @usableFromInline let field: FieldDeclarations?
  @usableFromInline typealias FieldDeclarations = (
    path: SendableKeyPath<AnyKeyPath>, declarations: any Sendable,
    merge: @Sendable (_ other: any Sendable) -> Lifecycle?
  )

  @inlinable
  init(
    field: FieldDeclarations? = nil,
    _ makeWatcher: @escaping @Sendable (Environment) -> LifeWatcher<Action, State>
  ) {
    (self.field, self.makeWatcher) = (field, makeWatcher)
  }

  /// Declarations on the field at `path`, which read it once for all of them.
  @inlinable
  static func onField<Field>(
    _ path: FieldPath<State, Field>,
    _ declarations: Lifecycle<Action, Field, Environment>
  ) -> Lifecycle {
    // NOTE: made where the host specialises it, as is the merge: only the cast is generic.
    let field: FieldDeclarations = (
      SendableKeyPath(path.path.keyPath as AnyKeyPath), declarations,
      { other in
        guard let other = other as? Lifecycle<Action, Field, Environment> else { return nil }
        return onField(path, .combine(declarations, other)!)
      }
    )
    let make = declarations.makeWatcher
    return Lifecycle(field: field) { environment in
      let inner = make(environment)
      let caseTags = inner.caseTags
      // NOTE: the field's case tags at the last comparison, read only when they could spare the
      // next (``CaseTags``); `.max` is no key (keys use 60 bits), as after everything stopped.
      let lastKey = Atomic<UInt64>(.max)
      func forgetting<Result>(_ result: Result) -> Result {
        lastKey.store(.max, ordering: .relaxed)
        return result
      }
      return LifeWatcher(
        update: { state, priming in
          path.inspect(&state) { field in
            let key = caseTags?.key(&field) ?? .max
            if lastKey.exchange(key, ordering: .relaxed) == key, key != .max { return nil }
            return inner.update(&field, priming)
          }
        }, stopAll: { forgetting(inner.stopAll()) }, orphan: { forgetting(inner.orphan()) })
    }
  }

  /// Both declarations, `first` first.
  @inlinable
  static func combine(_ first: Lifecycle?, _ second: Lifecycle?) -> Lifecycle? {
    guard let first else { return second }
    guard let second else { return first }
    if let one = first.field, let other = second.field, one.path.keyPath == other.path.keyPath,
      let merged = one.merge(other.declarations)
    {
      return merged
    }
    return Lifecycle { environment in
      let (first, second) = (first.makeWatcher(environment), second.makeWatcher(environment))
      return LifeWatcher(
        update: { first.update(&$0, $1) + second.update(&$0, $1) },
        stopAll: { first.stopAll() + second.stopAll() },
        orphan: { first.orphan() + second.orphan() },
        caseTags: first.caseTags.flatMap { one in second.caseTags.map(one.merged) })
    }
  }

  /// The same declarations on a larger state, in which `project` finds this state (`nil`:
  /// everything declared here stops).
  @inlinable
  func projected<GlobalState>(
    _ project: @escaping @Sendable (GlobalState) -> State?
  ) -> Lifecycle<Action, GlobalState, Environment> {
    let make = makeWatcher
    return Lifecycle<Action, GlobalState, Environment> { environment in
      let inner = make(environment)
      return LifeWatcher(
        update: { state, priming in
          guard var local = project(state) else { return inner.stopAll() }
          return inner.update(&local, priming)
        }, stopAll: inner.stopAll, orphan: inner.orphan)
    }
  }

  /// The same declarations for a larger action and environment: `environment` picks this
  /// environment, and `effects` lifts the starts and stops into the larger action type.
  @inlinable
  func mapped<GlobalAction: Sendable, GlobalEnvironment>(
    environment: @escaping @Sendable (GlobalEnvironment) -> Environment,
    effects: @escaping @Sendable (Effect<Action>) -> Effect<GlobalAction>
  ) -> Lifecycle<GlobalAction, State, GlobalEnvironment> {
    let make = makeWatcher
    return Lifecycle<GlobalAction, State, GlobalEnvironment> { global in
      let inner = make(environment(global))
      return LifeWatcher(
        update: { inner.update(&$0, $1)?.map(effects) }, stopAll: { inner.stopAll()?.map(effects) },
        orphan: { effects(inner.orphan()) })
    }
  }
}

/// What one comparison of the state with what runs found: the effects that stop what went and
/// start what came, in order.
@usableFromInline
struct LifeChanges<Action: Sendable> {
  @usableFromInline var stops: Effect<Action>
  @usableFromInline var starts: Effect<Action>
  /// Cancels again the scopes of stopped children still gone when it runs, after the reducer's
  /// effects (see ``LifeRoot/effect(after:state:)``).
  @usableFromInline var late: Effect<Action>

  @inlinable
  init(
    stops: Effect<Action> = .empty, starts: Effect<Action> = .empty, late: Effect<Action> = .empty
  ) {
    (self.stops, self.starts, self.late) = (stops, starts, late)
  }

  /// These changes, then `next`'s.
  @usableFromInline
  func followed(by next: LifeChanges) -> LifeChanges {
    LifeChanges(stops: stops + next.stops, starts: starts + next.starts, late: late + next.late)
  }

  /// The same changes for a larger domain.
  @inlinable
  func map<Global: Sendable>(_ transform: (Effect<Action>) -> Effect<Global>) -> LifeChanges<Global>
  {
    // NOTE: an empty effect stays empty without a call: most comparisons change nothing.
    func lift(_ effect: Effect<Action>) -> Effect<Global> {
      effect.isEmpty ? .empty : transform(effect)
    }
    return LifeChanges<Global>(stops: lift(stops), starts: lift(starts), late: lift(late))
  }
}

extension Optional {
  /// Both changes, `lhs`'s first; `nil`, as after most actions, when neither changed anything.
  // NOTE: an optional, not three empty effects: passing `nil` up costs no reference counting.
  @inlinable @inline(__always)
  static func + <Action>(lhs: Self, rhs: Self) -> Self where Wrapped == LifeChanges<Action> {
    guard let lhs else { return rhs }
    guard let rhs else { return lhs }
    return lhs.followed(by: rhs)
  }
}

/// One actomaton's watcher of one declaration: closures over what it remembers.
// NOTE: closures made in inlinable code, so that a host's module specialises them. Only the
// actomaton that made a watcher calls it, on its isolation.
@usableFromInline
struct LifeWatcher<Action: Sendable, State> {
  /// Compares what the state wants with what runs, remembers it, and returns the effects that
  /// stop and start the difference (`nil`: none). `priming`: the initial state, taken as running
  /// unstarted.
  // NOTE: `inout` only so that the state is read where it lies, never copied; no watcher
  // changes it.
  @usableFromInline let update: (_ state: inout State, _ priming: Bool) -> LifeChanges<Action>?
  /// The part of the state it watches is gone: stops everything that runs.
  @usableFromInline let stopAll: () -> LifeChanges<Action>?
  /// The part of the state it watches went with a child around it: returns the `onStop` work of
  /// each child and lifetime there, innermost first, orphaned, and forgets what ran.
  @usableFromInline let orphan: () -> Effect<Action>
  /// Set when every declaration here is a case's presence: what can spare a comparison.
  @usableFromInline let caseTags: CaseTags<State>?

  @inlinable
  init(
    update: @escaping (inout State, Bool) -> LifeChanges<Action>?,
    stopAll: @escaping () -> LifeChanges<Action>?, orphan: @escaping () -> Effect<Action>,
    caseTags: CaseTags<State>? = nil
  ) {
    (self.update, self.stopAll, self.orphan, self.caseTags) = (update, stopAll, orphan, caseTags)
  }
}

/// The case tags of an enum state and the presences of its cases: while every presence is
/// settled (its case path's tags decided it, with nothing else to compare), the same tags
/// change nothing.
// NOTE: a class: the watcher that reads it holds one reference, which a read does not retain.
@usableFromInline
final class CaseTags<State> {
  /// The state's tags, packed in a word's low 60 bits; `nil` when they do not fit.
  @usableFromInline let readKey: (inout State) -> UInt64?
  @usableFromInline let presences: [Presence]

  @inlinable init(key: @escaping (inout State) -> UInt64?, presences: [Presence]) {
    (readKey, self.presences) = (key, presences)
  }

  /// The state's tags when every presence is settled; `nil` otherwise, or when they do not fit.
  @inlinable func key(_ state: inout State) -> UInt64? {
    for presence in presences where !presence.settled.load(ordering: .relaxed) { return nil }
    return readKey(&state)
  }

  @inlinable func merged(with other: CaseTags) -> CaseTags {
    CaseTags(key: readKey, presences: presences + other.presences)
  }
}

/// A value a watcher remembers between two comparisons.
@usableFromInline
final class Remembered<Value> {
  @usableFromInline var value: Value

  @usableFromInline init(_ value: Value) { self.value = value }
}

/// What tells two declarations apart: each `child`, `children`, `lifetime` and
/// `subscriptions` call gets its own.
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

  @usableFromInline
  init<Environment>(
    _ lifecycle: Lifecycle<Action, State, Environment>, state: State, environment: Environment
  ) {
    watcher = lifecycle.makeWatcher(environment)
    var state = state
    _ = watcher.update(&state, true)
  }

  /// `effect`, with what the new state wants started and what it no longer wants stopped.
  ///
  /// The stops and starts come before the first action `effect` feeds back at once (a later
  /// reduction compares with what runs then) and after the parts before it (a stop cancels what
  /// a gone child asked for last). When `effect` feeds back actions, the stopped children's
  /// scopes are cancelled again at its end if they are still gone.
  @usableFromInline
  func effect(after effect: Effect<Action>, state: inout State) -> Effect<Action> {
    guard let changes = watcher.update(&state, false),
      !changes.stops.isEmpty || !changes.starts.isEmpty
    else { return effect }
    func feedsBack(_ part: Effect<Action>.Part) -> Bool {
      switch part {
      case .next, .concatenation: true
      default: false
      }
    }
    // NOTE: what the watchers now take as running is admitted before an action the stops and
    // starts feed back is reduced: that reduction's comparison may stop it again (rule 13).
    let all = (changes.stops + changes.starts).parts
    let life = all.filter { !feedsBack($0) } + all.filter(feedsBack)
    guard var parts = effect.storage else { return Effect(parts: life) }
    let index = parts.firstIndex(where: feedsBack) ?? parts.endIndex
    if index < parts.endIndex { parts += changes.late.parts }
    parts.insert(contentsOf: life, at: index)
    return Effect(parts: parts)
  }
}
