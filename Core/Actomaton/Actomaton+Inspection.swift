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
    let outermost = liveEffectIDs.compactMap { $0 as? ScopedEffectID }
    let scoped = outermost.flatMap { id in sequence(first: id) { $0.inner as? ScopedEffectID } }
    return Set(scoped.compactMap { ($0.scope.key.base as? SubscriptionKey<Key>)?.key })
  }
}
