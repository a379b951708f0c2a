import Synchronization

/// A child or a lifetime: it lives while `isPresent` holds (with the same identity), starts with
/// `start`, and stops with `stop`; what the child itself declares lives inside it.
final class PresenceWatcher<Action: Sendable, State>: LifeWatcher<Action, State> {
  let isPresent: (State) -> Bool
  /// The identity of the child while it is present, for a child whose state is `Identifiable`.
  let identity: ((State) -> AnyHashable?)?
  let start: Effect<Action>
  let stop: Effect<Action>
  /// Cancels the child's scope again if it is still gone when it runs.
  let late: Effect<Action>
  /// What the child declares, already lifted into this domain and its scope.
  let inner: LifeWatcher<Action, State>?
  /// The child's scope, which its stop cancels.
  let scope: EffectScope

  let presence = Presence()
  var lastIdentity: AnyHashable?

  init(
    isPresent: @escaping (State) -> Bool, identity: ((State) -> AnyHashable?)?,
    scope: EffectScope, start: Effect<Action>, stop: Effect<Action>,
    inner: LifeWatcher<Action, State>?
  ) {
    self.isPresent = isPresent
    self.identity = identity
    self.start = start
    self.stop = stop
    self.scope = scope
    self.inner = inner
    let presence = presence
    late = .endScope(where: { id in
      !presence.isPresent && (id as? ScopedEffectID)?.scope == scope
    })
  }

  override func prime(_ state: State) {
    presence.isPresent = isPresent(state)
    guard presence.isPresent else { return }
    lastIdentity = identity?(state)
    inner?.prime(state)
  }

  override func update(_ state: State) -> LifeChanges<Action> {
    guard isPresent(state) else { return stopAll() }
    var changes = LifeChanges<Action>()
    if let identity {
      let id = identity(state)
      if presence.isPresent, id != lastIdentity { changes = stopChild() }
      lastIdentity = id
    }
    if !presence.isPresent {
      presence.isPresent = true
      changes.starts = start
    }
    guard let inner else { return changes }
    return changes + inner.update(state)
  }

  private func stopChild() -> LifeChanges<Action> {
    presence.isPresent = false
    lastIdentity = nil
    // NOTE: the child's scope is cancelled first, and with it every effect inside; then what the
    // child declared stops, innermost first, and then the child itself.
    var stops = Effect<Action>.empty
    if let inner { stops = .endScope(scope) + inner.orphan() }
    return LifeChanges(stops: stops + stop, late: late)
  }

  override func stopAll() -> LifeChanges<Action> {
    presence.isPresent ? stopChild() : LifeChanges()
  }

  override func orphan() -> Effect<Action> {
    guard presence.isPresent else { return .empty }
    presence.isPresent = false
    lastIdentity = nil
    return (inner?.orphan() ?? .empty) + stop.orphaned()
  }
}

/// Whether a child is there, for the late cancellation of its scope to read when it runs.
final class Presence: Sendable {
  private let value = Atomic<Bool>(false)

  var isPresent: Bool {
    get { value.load(ordering: .relaxed) }
    set { value.store(newValue, ordering: .relaxed) }
  }
}

/// The ids of the elements there, as ``Presence`` is for one child.
final class PresentIDs<ID: Hashable & Sendable>: Sendable {
  let ids = Mutex<Set<ID>>([])
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
final class ElementsWatcher<Action: Sendable, State, Element: Identifiable, ChildAction: Sendable>:
  LifeWatcher<Action, State>
where Element.ID: Sendable {
  let ids: (State) -> [Element.ID]
  let element: (State, Element.ID) -> Element?
  let scope: @Sendable (Element.ID) -> EffectScope
  let start: (Element.ID) -> Effect<Action>
  let stop: (Element.ID) -> Effect<Action>
  /// Lifts what an element's own declarations start and stop into this domain.
  let lift: (Element.ID, Effect<ChildAction>) -> Effect<Action>
  /// Makes the watcher of what one element declares, if it declares anything.
  let makeInner: (() -> LifeWatcher<ChildAction, Element>)?

  /// The ids present after the last comparison.
  // NOTE: a copy that shares the array's buffer: comparing it with an unchanged array is O(1).
  var lastIDs: [Element.ID] = []
  var inners: [Element.ID: LifeWatcher<ChildAction, Element>] = [:]
  /// The ids present, for the late cancellation of a removed element's scope.
  let present = PresentIDs<Element.ID>()

  init(
    ids: @escaping (State) -> [Element.ID],
    element: @escaping (State, Element.ID) -> Element?,
    scope: @escaping @Sendable (Element.ID) -> EffectScope,
    start: @escaping (Element.ID) -> Effect<Action>,
    stop: @escaping (Element.ID) -> Effect<Action>,
    lift: @escaping (Element.ID, Effect<ChildAction>) -> Effect<Action>,
    makeInner: (() -> LifeWatcher<ChildAction, Element>)?
  ) {
    self.ids = ids
    self.element = element
    self.scope = scope
    self.start = start
    self.stop = stop
    self.lift = lift
    self.makeInner = makeInner
  }

  override func prime(_ state: State) {
    lastIDs = ids(state)
    guard let makeInner else { return }
    for id in lastIDs {
      let inner = makeInner()
      if let value = element(state, id) { inner.prime(value) }
      inners[id] = inner
    }
  }

  override func update(_ state: State) -> LifeChanges<Action> {
    let now = ids(state)
    var changes = now != lastIDs ? compare(now) : LifeChanges()
    guard makeInner != nil else { return changes }
    // NOTE: an element's own declarations are asked for every element on every action: O(n)
    // only for elements that declare something.
    for id in now {
      guard let inner = inners[id], let value = element(state, id) else { continue }
      changes = changes + inner.update(value).map { lift(id, $0) }
    }
    return changes
  }

  private func compare(_ now: [Element.ID]) -> LifeChanges<Action> {
    let present = Set(now)
    let old = Set(lastIDs)
    var changes = LifeChanges<Action>()
    var removed: [Element.ID] = []
    for id in lastIDs where !present.contains(id) {
      changes.stops = changes.stops + stopInside(id) + stop(id)
      inners[id] = nil
      removed.append(id)
    }
    self.present.ids.withLock { $0 = present }
    if !removed.isEmpty { changes.late = lateCancel(removed) }
    for id in now where !old.contains(id) {
      changes.starts = changes.starts + start(id)
      if let makeInner { inners[id] = makeInner() }
    }
    lastIDs = now
    return changes
  }

  /// Cancels the scopes of `removed` elements that are still gone when it runs.
  private func lateCancel(_ removed: [Element.ID]) -> Effect<Action> {
    let (present, scope) = (self.present, self.scope)
    return .endScope(where: { id in
      guard let scoped = id as? ScopedEffectID else { return false }
      guard let element = removed.first(where: { scope($0) == scoped.scope }) else { return false }
      return !present.ids.withLock { $0.contains(element) }
    })
  }

  override func stopAll() -> LifeChanges<Action> {
    let stops = lastIDs.reduce(Effect<Action>.empty) { $0 + stopInside($1) + stop($1) }
    forgetAll()
    return LifeChanges(stops: stops)
  }

  override func orphan() -> Effect<Action> {
    let orphans = lastIDs.reduce(Effect<Action>.empty) { effect, id in
      let inner = inners[id].map { lift(id, $0.orphan()) } ?? .empty
      return effect + inner + stop(id).orphaned()
    }
    forgetAll()
    return orphans
  }

  /// Cancels an element's scope and stops what it declared, before the element's own stop.
  private func stopInside(_ id: Element.ID) -> Effect<Action> {
    guard let inner = inners[id] else { return .empty }
    return .endScope(scope(id)) + lift(id, inner.orphan())
  }

  private func forgetAll() {
    lastIDs = []
    inners = [:]
    present.ids.withLock { $0 = [] }
  }
}
