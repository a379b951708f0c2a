import Synchronization

extension Lifecycle {
  /// A child or a lifetime: it lives while `project` finds its state (with the same identity),
  /// or the tags of its case path (`casePath`) say it is there; starts with `start` and stops
  /// with `stop`; what it declares (`inner`) lives inside it.
  @inlinable
  static func presence<Local>(
    project: @escaping @Sendable (inout State) -> Local?,
    case casePath: CasePath<State, Local>?,
    identity: (@Sendable (Local) -> AnyHashable?)?,
    scope: EffectScope, start: Effect<Action>, stop: Effect<Action>,
    inner: Lifecycle<Action, Local, Environment>?
  ) -> Lifecycle {
    Lifecycle { environment in
      let inner = inner?.makeWatcher(environment)
      let presence = Presence()
      let lastIdentity = Remembered<AnyHashable?>(nil)
      let needsValue = identity != nil || inner != nil
      // NOTE: cancels the child's scope again if it is still gone when it runs.
      let late = Effect<Action>.endScope(where: { id in
        !presence.isPresent && (id as? ScopedEffectID)?.scope == scope
      })
      func stopChild() -> LifeChanges<Action> {
        presence.isPresent = false
        lastIdentity.value = nil
        // NOTE: the child's scope is cancelled first, then what it declared stops, innermost
        // first, then the child itself.
        let inside = inner.map { .endScope(scope) + $0.orphan() } ?? .empty
        return LifeChanges(stops: inside + stop, late: late)
      }
      return LifeWatcher(
        update: { state, priming in
          // NOTE: a case path's tags say first whether the child is there; its state is taken
          // out only when something needs it (an identity, what it declares) or nothing else can
          // tell (an optional child, then read once: a getter cannot answer two reads apart).
          let byTags = casePath?.isCaseByTags(of: &state)
          let settled = byTags == false || byTags == true && !needsValue
          presence.settled.store(settled, ordering: .relaxed)
          var local = settled ? nil : project(&state)
          guard local != nil || byTags == true && !needsValue else {
            return presence.isPresent ? stopChild() : nil
          }
          var changes: LifeChanges<Action>?
          if let identity, let local {
            let id = identity(local)
            if presence.isPresent, id != lastIdentity.value { changes = stopChild() }
            lastIdentity.value = id
          }
          if !presence.isPresent {
            presence.isPresent = true
            if !priming { changes = changes + LifeChanges(starts: start) }
          }
          // NOTE: `inner` is there only when `local` is (`needsValue`).
          return changes + inner?.update(&local!, priming)
        },
        stopAll: { presence.isPresent ? stopChild() : nil },
        orphan: {
          guard presence.isPresent else { return .empty }
          presence.isPresent = false
          lastIdentity.value = nil
          return (inner?.orphan() ?? .empty) + stop.orphaned()
        },
        caseTags: casePath.map { path in
          CaseTags(key: { path.caseKey(of: &$0) }, presences: [presence])
        })
    }
  }

  /// The elements of an ``IdentifiedArray``, each alive while its id is in the array, with what
  /// it declares (`inner`, lifted by `lift`).
  @inlinable
  static func elements<Element: Identifiable, ChildAction: Sendable, ChildEnvironment>(
    ids: @escaping @Sendable (State) -> [Element.ID],
    element: @escaping @Sendable (State, Element.ID) -> Element?,
    scope: @escaping @Sendable (Element.ID) -> EffectScope,
    start: @escaping @Sendable (Element.ID) -> Effect<Action>,
    stop: @escaping @Sendable (Element.ID) -> Effect<Action>,
    lift: @escaping @Sendable (Element.ID, Effect<ChildAction>) -> Effect<Action>,
    environment toChild: @escaping @Sendable (Environment) -> ChildEnvironment,
    inner: Lifecycle<ChildAction, Element, ChildEnvironment>?
  ) -> Lifecycle where Element: SendableMetatype, Element.ID: Sendable {
    Lifecycle { environment in
      let local = inner.map { _ in toChild(environment) }
      // NOTE: `lastIDs` shares the array's buffer: comparing it with an unchanged array is O(1).
      let lastIDs = Remembered<[Element.ID]>([])
      let inners = Remembered<[Element.ID: LifeWatcher<ChildAction, Element>]>([:])
      /// The ids present, for the late cancellation of a removed element's scope.
      let present = Locked<Set<Element.ID>>([])
      /// Cancels an element's scope and stops what it declared, before the element's own stop.
      func stopInside(_ id: Element.ID) -> Effect<Action> {
        guard let inner = inners.value[id] else { return .empty }
        return .endScope(scope(id)) + lift(id, inner.orphan())
      }
      func compare(_ now: [Element.ID], priming: Bool) -> LifeChanges<Action> {
        let (isThere, old) = (Set(now), Set(lastIDs.value))
        var changes = LifeChanges<Action>()
        var removed: [Element.ID] = []
        for id in lastIDs.value where !isThere.contains(id) {
          changes.stops = changes.stops + stopInside(id) + stop(id)
          inners.value[id] = nil
          removed.append(id)
        }
        present.withLock { $0 = isThere }
        if !removed.isEmpty {
          // NOTE: cancels the scopes of the removed elements that are still gone when it runs.
          changes.late = .endScope(where: { [removed] id in
            guard let scoped = id as? ScopedEffectID,
              let element = removed.first(where: { scope($0) == scoped.scope })
            else { return false }
            return !present.withLock { $0.contains(element) }
          })
        }
        for id in now where !old.contains(id) {
          if !priming { changes.starts = changes.starts + start(id) }
          if let inner, let local { inners.value[id] = inner.makeWatcher(local) }
        }
        lastIDs.value = now
        return changes
      }
      func stopAll(_ stop: (Element.ID) -> Effect<Action>) -> Effect<Action> {
        let stops = lastIDs.value.reduce(Effect<Action>.empty) { $0 + stop($1) }
        (lastIDs.value, inners.value) = ([], [:])
        present.withLock { $0 = [] }
        return stops
      }
      return LifeWatcher(
        update: { state, priming in
          let now = ids(state)
          var changes = now != lastIDs.value ? compare(now, priming: priming) : nil
          guard inner != nil else { return changes }
          // NOTE: O(n) on every action, only for elements that declare something.
          for id in now {
            guard let inner = inners.value[id], var value = element(state, id) else { continue }
            changes = changes + inner.update(&value, priming)?.map { lift(id, $0) }
          }
          return changes
        },
        stopAll: { LifeChanges(stops: stopAll { stopInside($0) + stop($0) }) },
        orphan: {
          stopAll { id in
            let inside = inners.value[id].map { lift(id, $0.orphan()) } ?? .empty
            return inside + stop(id).orphaned()
          }
        })
    }
  }

  /// The subscriptions of one `subscriptions` call: each key the state names runs its effect,
  /// made only when the key is new; the keys are asked for only when `value` changed.
  @inlinable
  static func subscriptions<Value: Equatable & Sendable, Key: Hashable & Sendable>(
    on value: @escaping @Sendable (State, Environment) -> Value,
    keys: @escaping @Sendable (Value) -> Set<Key>,
    effect: @escaping @Sendable (Key, State, Environment) -> Effect<Action>,
    scope: @escaping @Sendable (Key) -> EffectScope
  ) -> Lifecycle {
    Lifecycle { environment in
      let running = Remembered<Set<Key>>([])
      let last = Remembered<Value?>(nil)
      func stopAll() -> LifeChanges<Action> {
        let stops = running.value.reduce(Effect<Action>.empty) { $0 + .cancel(scope: scope($1)) }
        (running.value, last.value) = ([], nil)
        return LifeChanges(stops: stops)
      }
      return LifeWatcher(
        update: { state, priming in
          if priming { return nil }
          let current = value(state, environment)
          if current == last.value { return nil }
          last.value = current
          let now = keys(current)
          guard now != running.value else { return nil }
          var changes = LifeChanges<Action>()
          for key in running.value where !now.contains(key) {
            changes.stops = changes.stops + .cancel(scope: scope(key))
          }
          for key in now where !running.value.contains(key) {
            changes.starts =
              changes.starts + effect(key, state, environment).scoped(in: scope(key)) { $0 }
          }
          running.value = now
          return changes
        },
        stopAll: stopAll,
        // NOTE: a subscription has no `onStop`; the scope around it cancels it.
        orphan: {
          (running.value, last.value) = ([], nil)
          return .empty
        })
    }
  }
}

/// Whether a child is there, for the late cancellation of its scope to read when it runs.
// NOTE: an atomic, not a lock: the watcher reads it on every action.
@usableFromInline
final class Presence: Sendable {
  @usableFromInline let value = Atomic<Bool>(false)
  /// Whether its case path's tags decided the last answer, with nothing else to compare.
  @usableFromInline let settled = Atomic<Bool>(false)

  @usableFromInline init() {}

  @inlinable var isPresent: Bool {
    get { value.load(ordering: .relaxed) }
    set { value.store(newValue, ordering: .relaxed) }
  }
}

/// The identity of a value whose type is `Identifiable`: its `id`; `nil` for any other value.
@usableFromInline
func identityIfIdentifiable<Value>(_: Value.Type) -> (@Sendable (Value) -> AnyHashable?)? {
  guard Value.self is any Identifiable.Type else { return nil }
  return { ($0 as? any Identifiable).map { identity(of: $0) } }
}

private func identity(of value: some Identifiable) -> AnyHashable { AnyHashable(value.id) }
