import Synchronization

extension LifeWatcher {
  /// A child or a lifetime: it lives while `project` finds its state (with the same identity),
  /// starts with `start`, and stops with `stop`; what the child itself declares (`inner`, lifted
  /// into this domain's actions and its scope) lives inside it.
  @inlinable
  static func presence<Local>(
    project: @escaping (State) -> Local?, identity: ((Local) -> AnyHashable?)?,
    scope: EffectScope, start: Effect<Action>, stop: Effect<Action>,
    inner: LifeWatcher<Action, Local>?
  ) -> LifeWatcher {
    let presence = Presence()
    let lastIdentity = Remembered<AnyHashable?>(nil)
    // NOTE: cancels the child's scope again if it is still gone when it runs.
    let late = Effect<Action>.endScope(where: { id in
      !presence.isPresent && (id as? ScopedEffectID)?.scope == scope
    })
    func stopChild() -> LifeChanges<Action> {
      presence.isPresent = false
      lastIdentity.value = nil
      // NOTE: the child's scope is cancelled first, and with it every effect inside; then what
      // the child declared stops, innermost first, and then the child itself.
      let inside = inner.map { .endScope(scope) + $0.orphan() } ?? .empty
      return LifeChanges(stops: inside + stop, late: late)
    }
    return LifeWatcher(
      prime: { state in
        let local = project(state)
        presence.isPresent = local != nil
        guard let local else { return }
        lastIdentity.value = identity?(local)
        inner?.prime(local)
      },
      update: { state in
        guard let local = project(state) else {
          return presence.isPresent ? stopChild() : LifeChanges()
        }
        var changes = LifeChanges<Action>()
        if let identity {
          let id = identity(local)
          if presence.isPresent, id != lastIdentity.value { changes = stopChild() }
          lastIdentity.value = id
        }
        if !presence.isPresent {
          presence.isPresent = true
          changes.starts = start
        }
        guard let inner else { return changes }
        return changes + inner.update(local)
      },
      stopAll: { presence.isPresent ? stopChild() : LifeChanges() },
      orphan: {
        guard presence.isPresent else { return .empty }
        presence.isPresent = false
        lastIdentity.value = nil
        return (inner?.orphan() ?? .empty) + stop.orphaned()
      })
  }

  /// The elements of an ``IdentifiedArray``: each lives while its id is in the array; what an
  /// element declares (`makeInner`) lives inside it, lifted by `lift`.
  @inlinable
  static func elements<Element: Identifiable, ChildAction: Sendable>(
    ids: @escaping (State) -> [Element.ID],
    element: @escaping (State, Element.ID) -> Element?,
    scope: @escaping @Sendable (Element.ID) -> EffectScope,
    start: @escaping (Element.ID) -> Effect<Action>,
    stop: @escaping (Element.ID) -> Effect<Action>,
    lift: @escaping (Element.ID, Effect<ChildAction>) -> Effect<Action>,
    makeInner: (() -> LifeWatcher<ChildAction, Element>)?
  ) -> LifeWatcher where Element.ID: Sendable {
    // NOTE: `lastIDs` shares the array's buffer: comparing it with an unchanged array is O(1).
    let lastIDs = Remembered<[Element.ID]>([])
    let inners = Remembered<[Element.ID: LifeWatcher<ChildAction, Element>]>([:])
    /// The ids present, for the late cancellation of a removed element's scope.
    let present = PresentIDs<Element.ID>()
    /// Cancels an element's scope and stops what it declared, before the element's own stop.
    func stopInside(_ id: Element.ID) -> Effect<Action> {
      guard let inner = inners.value[id] else { return .empty }
      return .endScope(scope(id)) + inner.orphan().lifted { lift(id, $0) }
    }
    func forgetAll() {
      (lastIDs.value, inners.value) = ([], [:])
      present.ids.withLock { $0 = [] }
    }
    func compare(_ now: [Element.ID]) -> LifeChanges<Action> {
      let (isThere, old) = (Set(now), Set(lastIDs.value))
      var changes = LifeChanges<Action>()
      var removed: [Element.ID] = []
      for id in lastIDs.value where !isThere.contains(id) {
        changes.stops = changes.stops + stopInside(id) + stop(id)
        inners.value[id] = nil
        removed.append(id)
      }
      present.ids.withLock { $0 = isThere }
      if !removed.isEmpty {
        // NOTE: cancels the scopes of the removed elements that are still gone when it runs.
        let removed = removed
        changes.late = .endScope(where: { id in
          guard let scoped = id as? ScopedEffectID,
            let element = removed.first(where: { scope($0) == scoped.scope })
          else { return false }
          return !present.ids.withLock { $0.contains(element) }
        })
      }
      for id in now where !old.contains(id) {
        changes.starts = changes.starts + start(id)
        if let makeInner { inners.value[id] = makeInner() }
      }
      lastIDs.value = now
      return changes
    }
    return LifeWatcher(
      prime: { state in
        lastIDs.value = ids(state)
        guard let makeInner else { return }
        for id in lastIDs.value {
          let inner = makeInner()
          if let value = element(state, id) { inner.prime(value) }
          inners.value[id] = inner
        }
      },
      update: { state in
        let now = ids(state)
        var changes = now != lastIDs.value ? compare(now) : LifeChanges()
        guard makeInner != nil else { return changes }
        // NOTE: an element's own declarations are asked for every element on every action:
        // O(n) only for elements that declare something.
        for id in now {
          guard let inner = inners.value[id], let value = element(state, id) else { continue }
          changes = changes + inner.update(value).map { lift(id, $0) }
        }
        return changes
      },
      stopAll: {
        let stops = lastIDs.value.reduce(Effect<Action>.empty) { $0 + stopInside($1) + stop($1) }
        forgetAll()
        return LifeChanges(stops: stops)
      },
      orphan: {
        let orphans = lastIDs.value.reduce(Effect<Action>.empty) { effect, id in
          let inside = inners.value[id].map { $0.orphan().lifted { lift(id, $0) } } ?? .empty
          return effect + inside + stop(id).orphaned()
        }
        forgetAll()
        return orphans
      })
  }

  /// The subscriptions of one `subscriptions` call: each key the state names runs its effect;
  /// the keys are compared first, and an effect is made only for a key that is new.
  @inlinable
  static func subscriptions<Key: Hashable & Sendable>(
    keys: @escaping (State) -> Set<Key>, effect: @escaping (Key, State) -> Effect<Action>,
    scope: @escaping @Sendable (Key) -> EffectScope
  ) -> LifeWatcher {
    let running = Remembered<Set<Key>>([])
    func stopAll() -> LifeChanges<Action> {
      let stops = running.value.reduce(Effect<Action>.empty) { $0 + .cancel(scope: scope($1)) }
      running.value = []
      return LifeChanges(stops: stops)
    }
    return LifeWatcher(
      prime: { _ in },
      update: { state in
        let now = keys(state)
        guard now != running.value else { return LifeChanges() }
        var changes = LifeChanges<Action>()
        for key in running.value where !now.contains(key) {
          changes.stops = changes.stops + .cancel(scope: scope(key))
        }
        for key in now where !running.value.contains(key) {
          changes.starts = changes.starts + effect(key, state).scoped(in: scope(key)) { $0 }
        }
        running.value = now
        return changes
      },
      stopAll: stopAll,
      // NOTE: a subscription has no `onStop`; the scope around it cancels it.
      orphan: {
        running.value = []
        return .empty
      })
  }
}

/// Whether a child is there, for the late cancellation of its scope to read when it runs.
@usableFromInline
final class Presence: Sendable {
  private let value = Atomic<Bool>(false)

  @usableFromInline init() {}

  @usableFromInline var isPresent: Bool {
    get { value.load(ordering: .relaxed) }
    set { value.store(newValue, ordering: .relaxed) }
  }
}

/// The ids of the elements there, as ``Presence`` is for one child.
@usableFromInline
final class PresentIDs<ID: Hashable & Sendable>: Sendable {
  @usableFromInline let ids = Mutex<Set<ID>>([])

  @usableFromInline init() {}
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
