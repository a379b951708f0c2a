extension Reducer {
  /// Keeps the long-running effects that the state asks for running, and only those.
  ///
  /// After every reduced action, whoever changed the state, the actomaton asks `wanted` what the
  /// new state wants, each effect under a key: a new key's effect starts, a gone key's effect is
  /// cancelled (running or waiting), the others go on. A subscription runs exactly while
  /// `wanted` names its key (spec rule 13); the first action starts what the initial state wants.
  ///
  /// Each key runs in its own ``EffectScope``; equal keys in two calls are two subscriptions
  /// unless `scope` shares them on purpose.
  ///
  /// ```swift
  /// reducer.subscriptions { state, environment in
  ///   state.isRunning ? [TickKey(): ticks(environment)] : [:]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - scope: A name shared by calls that mean the same subscriptions; `nil`: the call's own.
  ///   - wanted: The effects the state wants, by key; asked after every action: keep it cheap.
  @inlinable
  public func subscriptions<Key: Hashable & Sendable>(
    scope: (any Hashable & Sendable)? = nil,
    _ wanted: @escaping @Sendable (State, Environment) -> [Key: Effect<Action>]
  ) -> Reducer {
    // NOTE: a new key's effect comes from a second call of `wanted`, a function of the state.
    let life = Lifecycle<Action, State, Environment>.subscriptions(
      on: { state, environment in Set(wanted(state, environment).keys) }, keys: { $0 },
      effect: { key, state, environment in wanted(state, environment)[key] ?? .empty },
      scope: subscriptionScopes(scope))
    return Reducer(run: run, lifecycle: .combine(lifecycle, life))
  }

  /// Keeps an effect running for each key the state names, and only while it names it.
  ///
  /// The form for a state that changes often: after every action, `value` is read and compared
  /// with the last one; only a new value is given to `keys`, and only a new key's effect is
  /// made. Otherwise as ``subscriptions(scope:_:)``.
  ///
  /// ```swift
  /// reducer.subscriptions(on: \.isRunning, keys: { $0 ? [TickKey()] : [] }) {
  ///   _, environment in ticks(environment)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - scope: A name shared by calls that mean the same subscriptions; `nil`: the call's own.
  ///   - value: The part of the state the keys depend on; read after every action: keep it cheap.
  ///   - keys: The keys wanted for a value.
  ///   - effect: The effect for a key that is new.
  @inlinable
  public func subscriptions<Value: Equatable & Sendable, Key: Hashable & Sendable>(
    scope: (any Hashable & Sendable)? = nil,
    on value: @escaping @Sendable (State) -> Value,
    keys: @escaping @Sendable (Value) -> Set<Key>,
    effect: @escaping @Sendable (Key, Environment) -> Effect<Action>
  ) -> Reducer {
    let life = Lifecycle<Action, State, Environment>.subscriptions(
      on: { state, _ in value(state) }, keys: keys,
      effect: { key, _, environment in effect(key, environment) },
      scope: subscriptionScopes(scope))
    return Reducer(run: run, lifecycle: .combine(lifecycle, life))
  }
}

/// The scopes of one `subscriptions` call's keys, in the namespace `scope` or the call's own.
@usableFromInline
func subscriptionScopes<Key: Hashable & Sendable>(_ scope: (any Hashable & Sendable)?)
  -> @Sendable (Key) -> EffectScope
{
  let namespace = scope.map(ErasedKey.init(base:)) ?? ErasedKey(base: Declaration())
  return { key in EffectScope(SubscriptionKey(key: key, namespace: namespace)) }
}

/// The scope of a subscription's effects: its key, in its `subscriptions` call's namespace.
public struct SubscriptionKey<Key: Hashable & Sendable>: Hashable, Sendable,
  CustomStringConvertible
{
  /// The key the state asked for the subscription under.
  public let key: Key
  /// The `subscriptions` call (or the scope it was given) that the key belongs to.
  let namespace: ErasedKey

  /// The key, as `subscription key`.
  public var description: String { "subscription \(key)" }
}
