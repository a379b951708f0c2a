extension Reducer {
  /// Keeps the long-running effects that the state asks for running, and only those.
  ///
  /// After every action, `wanted` is asked for the effects that the state before and the state
  /// after the action want, each under a key: an effect whose key is new starts, an effect whose
  /// key is gone is cancelled (running or waiting), and the others go on untouched. Each one runs
  /// in its own ``EffectScope`` (``SubscriptionKey``), so its ids and queues are its own.
  ///
  /// The reducer stays pure: the difference is computed from the two states. Only actions start
  /// subscriptions, so an initial state should want none (or the host sends a first action).
  /// Keys are started in the dictionary's order.
  ///
  /// ```swift
  /// reducer.subscriptions { state, environment in
  ///   state.isRunning ? [TickKey(): ticks(environment)] : [:]
  /// }
  /// ```
  public func subscriptions<Key: Hashable & Sendable>(
    _ wanted: @escaping @Sendable (State, Environment) -> [Key: Effect<Action>]
  ) -> Reducer {
    let inner = self
    return Reducer(
      run: { action, state, environment in
        let before = wanted(state, environment)
        var effect = inner.run(action, &state, environment)
        let after = wanted(state, environment)
        let gone = Set(before.keys.filter { after[$0] == nil }.map(SubscriptionKey.scope))
        if !gone.isEmpty {
          effect =
            effect
            + .cancel(ids: { ($0 as? ScopedEffectID).map { gone.contains($0.scope) } ?? false })
        }
        for (key, subscription) in after where before[key] == nil {
          effect = effect + subscription.scoped(in: SubscriptionKey.scope(key)) { $0 }
        }
        return effect
      },
      accepts: inner.accepts, reshapes: inner.reshapes)
  }
}

/// The scope of a subscription's effects: its key.
public struct SubscriptionKey<Key: Hashable & Sendable>: Hashable, Sendable,
  CustomStringConvertible
{
  /// The key the state asked for the subscription under.
  public let key: Key

  /// The scope of the subscription under `key`.
  public static func scope(_ key: Key) -> EffectScope { EffectScope(SubscriptionKey(key: key)) }

  public var description: String { "subscription \(key)" }
}
