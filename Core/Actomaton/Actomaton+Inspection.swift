extension Actomaton {
  /// The ids of the effects admitted and not cancelled (running, delayed or waiting); an effect
  /// without an id is seen as an ``AnonymousEffectID``.
  package var liveEffectIDs: [any EffectIDProtocol] {
    ledger.records.values.filter { !$0.isCancelled }.sorted { $0.serial < $1.serial }.map {
      $0.id ?? AnonymousEffectID(serial: $0.serial)
    }
  }

  /// The keys of the subscriptions of type `Key` whose effects are live, in any scope.
  package func subscriptionKeys<Key: Hashable & Sendable>(_: Key.Type) -> Set<Key> {
    var keys: Set<Key> = []
    for id in liveEffectIDs {
      var next = id as? ScopedEffectID
      while let scoped = next {
        if let subscription = scoped.scope.key.base as? SubscriptionKey<Key> {
          keys.insert(subscription.key)
        }
        next = scoped.inner as? ScopedEffectID
      }
    }
    return keys
  }
}
