/// A child or a lifetime: it lives while `isPresent` holds (with the same identity), starts with
/// `start`, and stops with `stop`; what the child itself declares lives inside it.
final class PresenceWatcher<Action: Sendable, State>: LifeWatcher {
  let isPresent: @Sendable (inout State) -> Bool
  /// `isPresent` read from the state's memory, when it can be.
  let probe: PresenceProbe?
  /// The identity of the child while it is present, for a child whose state is `Identifiable`.
  let identity: (@Sendable (inout State) -> AnyHashable?)?
  let emitter: LifeEmitter<Action>
  let start: Effect<Action>
  let stop: Effect<Action>
  /// Cancels the child's scope again if it is still gone when it runs.
  let late: Effect<Action>
  let inner: LifeWatcher?
  /// The child's scope, which its stop cancels.
  let scope: EffectScope
  /// Where the state `inner` watches is, from this one's start.
  // NOTE: an inner watcher that only adds an offset is skipped: one call less per level.
  let innerOffset: Int

  let presence = Presence()
  // NOTE: unchecked: only the owning actomaton touches a watcher, on its isolation.
  @exclusivity(unchecked) var lastIdentity: AnyHashable?

  init(
    isPresent: @escaping @Sendable (inout State) -> Bool, probe: PresenceProbe?,
    identity: (@Sendable (inout State) -> AnyHashable?)?,
    emitter: LifeEmitter<Action>, scope: EffectScope, start: Effect<Action>,
    stop: Effect<Action>, inner: LifeWatcher?
  ) {
    self.isPresent = isPresent
    self.probe = probe
    self.identity = identity
    self.emitter = emitter
    self.start = start
    self.stop = stop
    self.scope = scope
    if let offsetWatcher = inner as? OffsetWatcher {
      (self.inner, innerOffset) = (offsetWatcher.inner, offsetWatcher.offset)
    } else {
      (self.inner, innerOffset) = (inner, 0)
    }
    let presence = presence
    late = .endScope(where: { id in
      !presence.isPresent && (id as? ScopedEffectID)?.scope == scope
    })
  }

  override func prime(_ raw: UnsafeMutableRawPointer) {
    let state = raw.assumingMemoryBound(to: State.self)
    presence.isPresent = probe?.isPresent(in: raw) ?? isPresent(&state.pointee)
    guard presence.isPresent else { return }
    lastIdentity = identity?(&state.pointee)
    inner?.prime(raw + innerOffset)
  }

  override func update(_ raw: UnsafeMutableRawPointer) {
    let state = raw.assumingMemoryBound(to: State.self)
    guard probe?.isPresent(in: raw) ?? isPresent(&state.pointee) else {
      if presence.isPresent { stopChild() }
      return
    }
    if let identity {
      let id = identity(&state.pointee)
      if presence.isPresent, id != lastIdentity { stopChild() }
      lastIdentity = id
    }
    if !presence.isPresent {
      presence.isPresent = true
      emitter.start(start)
    }
    inner?.update(raw + innerOffset)
  }

  private func stopChild() {
    presence.isPresent = false
    lastIdentity = nil
    // NOTE: the child's scope is cancelled first, and with it every effect inside; then what the
    // child declared stops, innermost first, and then the child itself.
    if let inner {
      emitter.stop(.endScope(scope))
      inner.orphan()
    }
    emitter.stop(stop)
    emitter.late(late)
  }

  override func stopAll() {
    if presence.isPresent { stopChild() }
  }

  override func orphan() {
    guard presence.isPresent else { return }
    presence.isPresent = false
    lastIdentity = nil
    inner?.orphan()
    emitter.orphan(stop)
  }
}

/// Where a child is in the state's memory, and how to tell it is there: an optional or an enum
/// case at a stored property's offset. It answers `isPresent` with a load and a compare where the
/// closures took five calls, for every declaration on every action.
// NOTE: a test may ask its case path's state through an unretained reference; the watcher that
// holds a probe also holds `isPresent`, which holds the path, so the probe never outlives it.
// NOTE: a class, so that a watcher asking it copies nothing out: a struct of two references
// was retained and released on every action.
@usableFromInline
final class PresenceProbe: Sendable {
  let offset: Int
  /// The case path's test, for a case.
  let caseTest: CaseBitTest?
  /// `caseTest`, unretained (`caseTest` keeps it alive), so that asking it costs no reference
  /// counting.
  let unretainedCaseTest: Unmanaged<CaseBitTest>?
  /// Whether the optional at a pointer holds a value, for an optional: a closure made where its
  /// type is known, so it compiles to a tag check.
  let holdsValue: (@Sendable (UnsafeRawPointer) -> Bool)?

  /// A probe of `path`'s case at `offset`; `nil` without an offset (a computed property) or a
  /// test.
  @usableFromInline
  convenience init?<Enum, Value>(offset: Int?, path: CasePath<Enum, Value>) {
    guard let offset, let test = path.caseTest else { return nil }
    self.init(offset: offset, caseTest: test, holdsValue: nil)
  }

  /// A probe of the optional `Wrapped?` at `offset`; `nil` without an offset.
  @inlinable
  convenience init?<Wrapped>(offset: Int?, optional _: Wrapped.Type) {
    guard let offset else { return nil }
    self.init(
      offset: offset, caseTest: nil,
      holdsValue: { $0.assumingMemoryBound(to: Wrapped?.self).pointee != nil })
  }

  @usableFromInline
  init(offset: Int, caseTest: CaseBitTest?, holdsValue: (@Sendable (UnsafeRawPointer) -> Bool)?) {
    self.offset = offset
    self.caseTest = caseTest
    self.unretainedCaseTest = caseTest.map { Unmanaged.passUnretained($0) }
    self.holdsValue = holdsValue
  }

  @inline(__always)
  func isPresent(in state: UnsafeMutableRawPointer) -> Bool {
    let pointer = UnsafeRawPointer(state + offset)
    if let unretainedCaseTest {
      return unretainedCaseTest._withUnsafeGuaranteedRef { $0.isCase(at: pointer) }
    }
    return holdsValue?(pointer) ?? false
  }
}

/// Whether a child is there, for the late cancellation of its scope to read when it runs.
// NOTE: `@unchecked Sendable` only so that a cancellation predicate can hold it: its watcher
// writes it, and the predicate reads it, on the isolation of the actomaton that owns both.
final class Presence: @unchecked Sendable {
  @exclusivity(unchecked) var isPresent = false
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
final class ElementsWatcher<Action: Sendable, State, Element: Identifiable>: LifeWatcher
where Element.ID: Sendable {
  let ids: @Sendable (inout State) -> [Element.ID]
  let element: @Sendable (inout State, Element.ID) -> Element?
  let scope: @Sendable (Element.ID) -> EffectScope
  let start: @Sendable (Element.ID) -> Effect<Action>
  let stop: @Sendable (Element.ID) -> Effect<Action>
  let emitter: LifeEmitter<Action>
  /// Makes the watcher of what one element declares, if it declares anything.
  let makeInner: ((Element.ID) -> LifeWatcher)?

  /// The ids present after the last comparison.
  // NOTE: a copy that shares the array's buffer: comparing it with an unchanged array is O(1).
  @exclusivity(unchecked) var lastIDs: [Element.ID] = []
  @exclusivity(unchecked) var inners: [Element.ID: LifeWatcher] = [:]
  /// The ids present, for the late cancellation of a removed element's scope.
  let present = PresentIDs<Element.ID>()

  init(
    ids: @escaping @Sendable (inout State) -> [Element.ID],
    element: @escaping @Sendable (inout State, Element.ID) -> Element?,
    scope: @escaping @Sendable (Element.ID) -> EffectScope,
    start: @escaping @Sendable (Element.ID) -> Effect<Action>,
    stop: @escaping @Sendable (Element.ID) -> Effect<Action>,
    emitter: LifeEmitter<Action>,
    makeInner: ((Element.ID) -> LifeWatcher)?
  ) {
    self.ids = ids
    self.element = element
    self.scope = scope
    self.start = start
    self.stop = stop
    self.emitter = emitter
    self.makeInner = makeInner
  }

  override func prime(_ raw: UnsafeMutableRawPointer) {
    let state = raw.assumingMemoryBound(to: State.self)
    lastIDs = ids(&state.pointee)
    guard let makeInner else { return }
    for id in lastIDs {
      let inner = makeInner(id)
      if var value = element(&state.pointee, id) {
        withUnsafeMutablePointer(to: &value) { inner.prime(UnsafeMutableRawPointer($0)) }
      }
      inners[id] = inner
    }
  }

  override func update(_ raw: UnsafeMutableRawPointer) {
    let state = raw.assumingMemoryBound(to: State.self)
    let now = ids(&state.pointee)
    if now != lastIDs { compare(now) }
    guard makeInner != nil else { return }
    // NOTE: an element's own declarations are asked for every element on every action: O(n)
    // only for elements that declare something.
    for id in now {
      guard let inner = inners[id], var value = element(&state.pointee, id) else { continue }
      withUnsafeMutablePointer(to: &value) { inner.update(UnsafeMutableRawPointer($0)) }
    }
  }

  private func compare(_ now: [Element.ID]) {
    let present = Set(now)
    let old = Set(lastIDs)
    var removed: [Element.ID] = []
    for id in lastIDs where !present.contains(id) {
      stopInside(id)
      emitter.stop(stop(id))
      inners[id] = nil
      removed.append(id)
    }
    self.present.ids = present
    if !removed.isEmpty { emitter.late(lateCancel(removed)) }
    for id in now where !old.contains(id) {
      emitter.start(start(id))
      if let makeInner { inners[id] = makeInner(id) }
    }
    lastIDs = now
  }

  /// Cancels the scopes of `removed` elements that are still gone when it runs.
  private func lateCancel(_ removed: [Element.ID]) -> Effect<Action> {
    let (present, scope) = (self.present, self.scope)
    return .endScope(where: { id in
      guard let scoped = id as? ScopedEffectID else { return false }
      guard let element = removed.first(where: { scope($0) == scoped.scope }) else { return false }
      return !present.ids.contains(element)
    })
  }

  override func stopAll() {
    for id in lastIDs {
      stopInside(id)
      emitter.stop(stop(id))
    }
    forgetAll()
  }

  override func orphan() {
    for id in lastIDs {
      inners[id]?.orphan()
      emitter.orphan(stop(id))
    }
    forgetAll()
  }

  /// Cancels an element's scope and stops what it declared, before the element's own stop.
  private func stopInside(_ id: Element.ID) {
    guard let inner = inners[id] else { return }
    emitter.stop(.endScope(scope(id)))
    inner.orphan()
  }

  private func forgetAll() {
    lastIDs = []
    inners = [:]
    present.ids = []
  }
}
