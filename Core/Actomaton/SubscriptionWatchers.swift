/// The subscriptions of one `subscriptions` call: each key the state names runs its effect; the
/// keys are compared first, and an effect is made only for a key that is new.
final class SubscriptionWatcher<Action: Sendable, State, Key: Hashable & Sendable>:
  LifeWatcher<Action, State>
{
  let keys: (State) -> Set<Key>
  let effect: (Key, State) -> Effect<Action>
  let scope: @Sendable (Key) -> EffectScope
  var running: Set<Key> = []

  init(
    keys: @escaping (State) -> Set<Key>, effect: @escaping (Key, State) -> Effect<Action>,
    scope: @escaping @Sendable (Key) -> EffectScope
  ) {
    self.keys = keys
    self.effect = effect
    self.scope = scope
  }

  override func update(_ state: State) -> LifeChanges<Action> {
    let now = keys(state)
    guard now != running else { return LifeChanges() }
    var changes = LifeChanges<Action>()
    for key in running where !now.contains(key) {
      changes.stops = changes.stops + .cancel(scope: scope(key))
    }
    for key in now where !running.contains(key) {
      changes.starts = changes.starts + effect(key, state).scoped(in: scope(key)) { $0 }
    }
    running = now
    return changes
  }

  override func stopAll() -> LifeChanges<Action> {
    let stops = running.reduce(Effect<Action>.empty) { $0 + .cancel(scope: scope($1)) }
    running = []
    return LifeChanges(stops: stops)
  }

  // NOTE: a subscription has no `onStop`; the scope around it cancels it.
  override func orphan() -> Effect<Action> {
    running = []
    return .empty
  }
}
