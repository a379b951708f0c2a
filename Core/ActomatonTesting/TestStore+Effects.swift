extension TestStore {
  /// The ids of the effects running, delayed or waiting now, oldest first.
  public func liveEffectIDs(isolation: isolated (any Actor)? = #isolation) async
    -> [any EffectIDProtocol]
  {
    await settle()
    let actomaton = self.actomaton
    return await withTaskExecutorPreference(executor) { await actomaton.liveEffectIDs }
  }

  /// The keys of the subscriptions (see `Reducer.subscriptions`) whose effects are live now.
  public func activeSubscriptions<Key: Hashable & Sendable>(
    _ type: Key.Type, isolation: isolated (any Actor)? = #isolation
  ) async -> Set<Key> {
    await settle()
    let actomaton = self.actomaton
    return await withTaskExecutorPreference(executor) { await actomaton.subscriptionKeys(type) }
  }

  /// Waits until the effects have run as far as they can: no job left on the executor, and no
  /// hop waiting on the actomaton.
  // NOTE: a hop to the actomaton made while it is held elsewhere waits on the actor, not on the
  // executor, which can then be idle while an action is still on its way (seen under load: a
  // woken timer's action reduced after `receive` had looked). A call to the actomaton from the
  // executor queues behind such hops; the loop ends when one brings no new step.
  func settle(isolation: isolated (any Actor)? = #isolation) async {
    let actomaton = self.actomaton
    while true {
      await executor.settle()
      let stepCount = steps.withLock { $0.count }
      _ = await withTaskExecutorPreference(executor) { await actomaton.effectCount }
      await executor.settle()
      if steps.withLock({ $0.count }) == stepCount { return }
    }
  }
}
