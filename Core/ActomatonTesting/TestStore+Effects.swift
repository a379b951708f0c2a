extension TestStore {
  /// The ids of the effects running, delayed or waiting now, oldest first.
  public func liveEffectIDs(isolation: isolated (any Actor)? = #isolation) async
    -> [any EffectIDProtocol]
  {
    await executor.settle()
    let actomaton = self.actomaton
    return await withTaskExecutorPreference(executor) { await actomaton.liveEffectIDs }
  }

  /// The keys of the subscriptions (see `Reducer.subscriptions`) whose effects are live now.
  public func activeSubscriptions<Key: Hashable & Sendable>(
    _ type: Key.Type, isolation: isolated (any Actor)? = #isolation
  ) async -> Set<Key> {
    await executor.settle()
    let actomaton = self.actomaton
    return await withTaskExecutorPreference(executor) { await actomaton.subscriptionKeys(type) }
  }
}
