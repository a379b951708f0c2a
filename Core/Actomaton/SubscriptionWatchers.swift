/// The subscriptions of one `subscriptions` call given a dictionary: each key the state names
/// runs its effect.
final class SubscriptionWatcher<Action: Sendable, State, Key: Hashable & Sendable>:
  LifeWatcher
{
  let wanted: (State) -> [Key: Effect<Action>]
  let scope: @Sendable (Key) -> EffectScope
  let emitter: LifeEmitter<Action>
  @exclusivity(unchecked) var running: Set<Key> = []

  init(
    wanted: @escaping (State) -> [Key: Effect<Action>],
    scope: @escaping @Sendable (Key) -> EffectScope, emitter: LifeEmitter<Action>
  ) {
    self.wanted = wanted
    self.scope = scope
    self.emitter = emitter
  }

  override func update(_ raw: UnsafeMutableRawPointer) {
    let now = wanted(raw.assumingMemoryBound(to: State.self).pointee)
    if now.isEmpty, running.isEmpty { return }
    for key in running where now[key] == nil { emitter.stop(.cancel(scope: scope(key))) }
    var changed = now.count != running.count
    for (key, effect) in now where !running.contains(key) {
      emitter.start(effect.scoped(in: scope(key)) { $0 })
      changed = true
    }
    if changed { running = Set(now.keys) }
  }

  override func stopAll() {
    for key in running { emitter.stop(.cancel(scope: scope(key))) }
    running = []
  }

  // NOTE: a subscription has no `onStop`; the scope around it cancels it.
  override func orphan() { running = [] }
}

/// The subscriptions of one `subscriptions(keys:effect:)` call: the keys are compared first, and
/// an effect is made only for a key that is new.
final class SubscriptionKeysWatcher<Action: Sendable, State, Key: Hashable & Sendable>:
  LifeWatcher
{
  let keys: (State) -> Set<Key>
  let effect: (Key) -> Effect<Action>
  let scope: @Sendable (Key) -> EffectScope
  let emitter: LifeEmitter<Action>
  // NOTE: unchecked: only the owning actomaton touches a watcher, on its isolation.
  @exclusivity(unchecked) var running: Set<Key> = []

  init(
    keys: @escaping (State) -> Set<Key>, effect: @escaping (Key) -> Effect<Action>,
    scope: @escaping @Sendable (Key) -> EffectScope, emitter: LifeEmitter<Action>
  ) {
    self.keys = keys
    self.effect = effect
    self.scope = scope
    self.emitter = emitter
  }

  override func update(_ raw: UnsafeMutableRawPointer) {
    let now = keys(raw.assumingMemoryBound(to: State.self).pointee)
    guard now != running else { return }
    for key in running where !now.contains(key) { emitter.stop(.cancel(scope: scope(key))) }
    for key in now where !running.contains(key) {
      emitter.start(effect(key).scoped(in: scope(key)) { $0 })
    }
    running = now
  }

  override func stopAll() {
    for key in running { emitter.stop(.cancel(scope: scope(key))) }
    running = []
  }

  // NOTE: a subscription has no `onStop`; the scope around it cancels it.
  override func orphan() { running = [] }
}
