/// A child or a lifetime: it lives while `isPresent` holds (with the same identity), starts with
/// `start`, and stops with `stop`; what the child itself declares lives inside it.
final class PresenceWatcher<Action: Sendable, State, Environment>: LifeWatcher<
  Action, State, Environment
>
{
  let isPresent: @Sendable (inout State) -> Bool
  /// The identity of the child while it is present, for a child whose state is `Identifiable`.
  let identity: (@Sendable (inout State) -> AnyHashable?)?
  let start: Effect<Action>
  let stop: Effect<Action>
  let inner: LifeWatcher<Action, State, Environment>?
  /// Cancels the child's scope again if it is still gone when it runs.
  let late: Effect<Action>

  var wasPresent: Bool {
    get { presence.isPresent }
    set { presence.isPresent = newValue }
  }
  let presence = Presence()
  var lastIdentity: AnyHashable?

  init(
    isPresent: @escaping @Sendable (inout State) -> Bool,
    identity: (@Sendable (inout State) -> AnyHashable?)?,
    scope: EffectScope, start: Effect<Action>, stop: Effect<Action>,
    inner: LifeWatcher<Action, State, Environment>?
  ) {
    self.isPresent = isPresent
    self.identity = identity
    self.start = start
    self.stop = stop
    self.inner = inner
    let presence = presence
    late = .cancel(ids: { id in
      !presence.isPresent && (id as? ScopedEffectID)?.scope == scope
    })
  }

  override func prime(_ state: inout State, _ environment: Environment) {
    wasPresent = isPresent(&state)
    guard wasPresent else { return }
    lastIdentity = identity?(&state)
    inner?.prime(&state, environment)
  }

  override func update(
    _ state: inout State, _ environment: Environment, _ changes: inout LifeChanges<Action>
  ) {
    let present = isPresent(&state)
    if !present {
      if wasPresent { stopChild(&changes) }
      return
    }
    let id = identity?(&state)
    if wasPresent, id != lastIdentity { stopChild(&changes) }
    if !wasPresent {
      wasPresent = true
      lastIdentity = id
      changes.starts = changes.starts + start
    }
    inner?.update(&state, environment, &changes)
  }

  private func stopChild(_ changes: inout LifeChanges<Action>) {
    wasPresent = false
    lastIdentity = nil
    changes.stops = changes.stops + stop
    changes.late = changes.late + late
    // NOTE: the stop cancels the child's scope, and with it everything the child declared.
    inner?.forget()
  }

  override func stopAll(_ changes: inout LifeChanges<Action>) {
    if wasPresent { stopChild(&changes) }
  }

  override func forget() {
    wasPresent = false
    lastIdentity = nil
    inner?.forget()
  }
}

/// Whether a child is there, for the late cancellation of its scope to read when it runs.
// NOTE: `@unchecked Sendable` only so that a cancellation predicate can hold it: its watcher
// writes it, and the predicate reads it, on the isolation of the actomaton that owns both.
final class Presence: @unchecked Sendable {
  var isPresent = false
}

/// The ids of the elements there, as ``Presence`` is for one child.
// NOTE: `@unchecked Sendable` for the same reason as ``Presence``.
final class PresentIDs<ID: Hashable>: @unchecked Sendable {
  var ids: Set<ID> = []
}

/// The identity of a value whose type is `Identifiable`: its `id`; `nil` for any other value.
@usableFromInline
func identityIfIdentifiable<Value>(_: Value.Type) -> (@Sendable (Value) -> AnyHashable?)? {
  guard Value.self is any Identifiable.Type else { return nil }
  return { value in
    guard let identifiable = value as? any Identifiable else { return nil }
    return identityOf(identifiable)
  }
}

private func identityOf<Identified: Identifiable>(_ value: Identified) -> AnyHashable {
  AnyHashable(value.id)
}

/// The elements of an ``IdentifiedArray``: each lives while its id is in the array.
final class ElementsWatcher<
  Action: Sendable, State, Environment, Element: Identifiable, ChildAction: Sendable,
  ChildEnvironment
>: LifeWatcher<Action, State, Environment> where Element.ID: Sendable {
  typealias Inner = LifeWatcher<ChildAction, Element, ChildEnvironment>

  let ids: @Sendable (inout State) -> [Element.ID]
  let element: @Sendable (inout State, Element.ID) -> Element?
  let scope: @Sendable (Element.ID) -> EffectScope
  let start: @Sendable (Element.ID) -> Effect<Action>
  let stop: @Sendable (Element.ID) -> Effect<Action>
  /// Lifts an element's own starts and stops into its scope and the parent's actions.
  let lift: @Sendable (Element.ID, Effect<ChildAction>) -> Effect<Action>
  let environment: @Sendable (Environment) -> ChildEnvironment
  let makeInner: (@Sendable () -> Inner)?

  /// The ids present after the last comparison.
  // NOTE: a copy that shares the array's buffer: comparing it with an unchanged array is O(1).
  var lastIDs: [Element.ID] = []
  var inners: [Element.ID: Inner] = [:]
  /// The ids present, for the late cancellation of a removed element's scope, made when an
  /// element is removed.
  let present = PresentIDs<Element.ID>()

  init(
    ids: @escaping @Sendable (inout State) -> [Element.ID],
    element: @escaping @Sendable (inout State, Element.ID) -> Element?,
    scope: @escaping @Sendable (Element.ID) -> EffectScope,
    start: @escaping @Sendable (Element.ID) -> Effect<Action>,
    stop: @escaping @Sendable (Element.ID) -> Effect<Action>,
    lift: @escaping @Sendable (Element.ID, Effect<ChildAction>) -> Effect<Action>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    makeInner: (@Sendable () -> Inner)?
  ) {
    self.ids = ids
    self.element = element
    self.scope = scope
    self.start = start
    self.stop = stop
    self.lift = lift
    self.environment = environment
    self.makeInner = makeInner
  }

  override func prime(_ state: inout State, _ environment: Environment) {
    lastIDs = ids(&state)
    guard let makeInner else { return }
    let local = self.environment(environment)
    for id in lastIDs {
      let inner = makeInner()
      if var value = element(&state, id) { inner.prime(&value, local) }
      inners[id] = inner
    }
  }

  override func update(
    _ state: inout State, _ environment: Environment, _ changes: inout LifeChanges<Action>
  ) {
    let now = ids(&state)
    if now != lastIDs {
      let present = Set(now)
      let old = Set(lastIDs)
      var removed: [Element.ID] = []
      for id in lastIDs where !present.contains(id) {
        changes.stops = changes.stops + stop(id)
        inners[id] = nil
        removed.append(id)
      }
      self.present.ids = present
      if !removed.isEmpty { changes.late = changes.late + lateCancel(removed) }
      for id in now where !old.contains(id) {
        changes.starts = changes.starts + start(id)
        if let makeInner { inners[id] = makeInner() }
      }
      lastIDs = now
    }
    guard makeInner != nil else { return }
    // NOTE: an element's own declarations are asked for every element on every action: O(n)
    // only for elements that declare something.
    let local = self.environment(environment)
    for id in now {
      guard let inner = inners[id], var value = element(&state, id) else { continue }
      var elementChanges = LifeChanges<ChildAction>()
      inner.update(&value, local, &elementChanges)
      if !elementChanges.isEmpty { changes.add(elementChanges) { lift(id, $0) } }
    }
  }

  /// Cancels the scopes of `removed` elements that are still gone when it runs.
  private func lateCancel(_ removed: [Element.ID]) -> Effect<Action> {
    let (present, scope) = (self.present, self.scope)
    return .cancel(ids: { id in
      guard let scoped = id as? ScopedEffectID else { return false }
      guard let element = removed.first(where: { scope($0) == scoped.scope }) else { return false }
      return !present.ids.contains(element)
    })
  }

  override func stopAll(_ changes: inout LifeChanges<Action>) {
    for id in lastIDs { changes.stops = changes.stops + stop(id) }
    forget()
  }

  override func forget() {
    lastIDs = []
    inners = [:]
    present.ids = []
  }
}

/// The subscriptions of one `subscriptions` call: each key the state names runs an effect.
final class SubscriptionWatcher<Action: Sendable, State, Environment, Key: Hashable & Sendable>:
  LifeWatcher<Action, State, Environment>
{
  let wanted: @Sendable (State, Environment) -> [Key: Effect<Action>]
  let scope: @Sendable (Key) -> EffectScope
  var running: Set<Key> = []

  init(
    wanted: @escaping @Sendable (State, Environment) -> [Key: Effect<Action>],
    scope: @escaping @Sendable (Key) -> EffectScope
  ) {
    self.wanted = wanted
    self.scope = scope
  }

  override func update(
    _ state: inout State, _ environment: Environment, _ changes: inout LifeChanges<Action>
  ) {
    let now = wanted(state, environment)
    if now.isEmpty, running.isEmpty { return }
    for key in running where now[key] == nil {
      changes.stops = changes.stops + .cancel(scope: scope(key))
    }
    for (key, effect) in now where !running.contains(key) {
      changes.starts = changes.starts + effect.scoped(in: scope(key)) { $0 }
    }
    if now.count != running.count || now.keys.contains(where: { !running.contains($0) }) {
      running = Set(now.keys)
    }
  }

  override func stopAll(_ changes: inout LifeChanges<Action>) {
    for key in running { changes.stops = changes.stops + .cancel(scope: scope(key)) }
    running = []
  }

  override func forget() { running = [] }
}

extension Lifecycle {
  /// A child or a lifetime that lives while `isPresent` holds, with the same identity.
  @usableFromInline
  static func presence(
    isPresent: @escaping @Sendable (inout State) -> Bool,
    identity: (@Sendable (inout State) -> AnyHashable?)?,
    scope: EffectScope, start: Effect<Action>, stop: Effect<Action>, inner: Lifecycle?
  ) -> Lifecycle {
    Lifecycle {
      PresenceWatcher(
        isPresent: isPresent, identity: identity, scope: scope, start: start, stop: stop,
        inner: inner?.makeWatcher())
    }
  }

  /// The subscriptions of one `subscriptions` call.
  @usableFromInline
  static func subscriptions<Key: Hashable & Sendable>(
    _ wanted: @escaping @Sendable (State, Environment) -> [Key: Effect<Action>],
    scope: @escaping @Sendable (Key) -> EffectScope
  ) -> Lifecycle {
    Lifecycle { SubscriptionWatcher(wanted: wanted, scope: scope) }
  }
}

extension Lifecycle {
  /// The elements of an ``IdentifiedArray``, each alive while its id is there.
  @usableFromInline
  static func elements<Element: Identifiable, ChildAction: Sendable, ChildEnvironment>(
    ids: @escaping @Sendable (inout State) -> [Element.ID],
    element: @escaping @Sendable (inout State, Element.ID) -> Element?,
    scope: @escaping @Sendable (Element.ID) -> EffectScope,
    start: @escaping @Sendable (Element.ID) -> Effect<Action>,
    stop: @escaping @Sendable (Element.ID) -> Effect<Action>,
    lift: @escaping @Sendable (Element.ID, Effect<ChildAction>) -> Effect<Action>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    inner: Lifecycle<ChildAction, Element, ChildEnvironment>?
  ) -> Lifecycle where Element: SendableMetatype, Element.ID: Sendable {
    Lifecycle {
      ElementsWatcher(
        ids: ids, element: element, scope: scope, start: start, stop: stop, lift: lift,
        environment: environment, makeInner: inner?.makeWatcher)
    }
  }
}
