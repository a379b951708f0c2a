extension TestStore {
  /// The ids of the effects running, delayed or waiting now, oldest first.
  ///
  /// Waits for the effects to settle first.
  ///
  /// - Parameter isolation: The caller's actor, so the store (which is not `Sendable`) stays on
  ///   it; leave the default.
  /// - Returns: The ids, oldest first.
  public func liveEffectIDs(isolation: isolated (any Actor)? = #isolation) async
    -> [any EffectIDProtocol]
  {
    await settle(at: nil)
    let actomaton = self.actomaton
    return await withTaskExecutorPreference(executor) { await actomaton.liveEffectIDs }
  }

  /// The keys of the subscriptions (see `Reducer.subscriptions`) whose effects are live now.
  ///
  /// Waits for the effects to settle first.
  ///
  /// - Parameters:
  ///   - type: The type of the subscription keys; keys of other types are left out.
  ///   - isolation: The caller's actor, so the store (which is not `Sendable`) stays on it;
  ///     leave the default.
  /// - Returns: The keys of the live subscriptions of that type.
  public func activeSubscriptions<Key: Hashable & Sendable>(
    _ type: Key.Type, isolation: isolated (any Actor)? = #isolation
  ) async -> Set<Key> {
    await settle(at: nil)
    let actomaton = self.actomaton
    return await withTaskExecutorPreference(executor) { await actomaton.subscriptionKeys(type) }
  }

  /// Waits until the effects have run as far as they can: no job left on the executor, and no
  /// hop waiting on the actomaton. Work that never settles fails the test at `location` (or at
  /// the send that started it) and is cancelled.
  // NOTE: a hop to the actomaton made while it is held elsewhere waits on the actor, not on the
  // executor, which can then be idle while an action is still on its way (seen under load: a
  // woken timer's action reduced after `receive` had looked). A call to the actomaton from the
  // executor queues behind such hops; the loop ends when one brings no new step.
  @discardableResult
  func settle(at location: TestSourceLocation?, isolation: isolated (any Actor)? = #isolation)
    async -> Bool
  {
    guard !isRunaway else { return false }
    guard await Self.settle(actomaton, on: executor, recordingIn: steps) != nil else {
      return await stopRunaway(at: location)
    }
    return true
  }

  /// Settles the executor and the hops on their way to `actomaton`, as ``settle(at:isolation:)``,
  /// for the store and for its ``TestClock`` after each wake: `nil` when the executor never
  /// settles, else whether an action was reduced meanwhile.
  static func settle(
    _ actomaton: Actomaton<Action, State>, on executor: TestExecutor,
    recordingIn steps: Locked<[Step]>
  ) async -> Bool? {
    var reduced = false
    while true {
      guard await executor.settle() else { return nil }
      let stepCount = steps.withLock { $0.count }
      _ = await withTaskExecutorPreference(executor) { await actomaton.effectCount }
      guard await executor.settle() else { return nil }
      if steps.withLock({ $0.count }) == stepCount { return reduced }
      reduced = true
    }
  }

  /// Fails the test with a description of the work that never settles, and cancels the effects.
  private func stopRunaway(
    at location: TestSourceLocation?, isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    isRunaway = true
    let running = sends.filter { !$0.isDone.withLock { $0 } }
    let recent = steps.withLock { $0.suffix(3).map(\.action) }
    let started =
      running.isEmpty
      ? "an effect"
      : running.map { "the effects of send(\($0.description))" }.joined(separator: ", ")
    fail(
      "Effects never settle: \(started) kept the test executor busy for \(executor.jobLimit) jobs"
        + " without waiting on the test clock"
        + (recent.isEmpty
          ? "" : " (last actions fed back: \(recent.map(describe).joined(separator: ", ")))")
        + ". They were cancelled. A timer should sleep on the store's TestClock (an ImmediateClock"
        + " or a `Task.yield()` loop never waits); raise `settlingLimit` if the work is finite.",
      at: location ?? running.first?.location ?? sends.last?.location ?? creation)
    for send in sends { send.task?.cancel() }
    // NOTE: a cancelled effect may still be unwinding when the test ends (seen under the address
    // sanitizer): it is not reported again as still running.
    runawaySendIDs.formUnion(sends.map(\.id))
    let actomaton = self.actomaton
    _ = await withTaskExecutorPreference(executor) { await actomaton.effectCount }
    if await executor.settle() { isRunaway = false }
    // NOTE: the actions it fed back are part of the one failure, not one each.
    skipUnhandledSteps()
    return false
  }

  /// Whether some effect is working off the store's executor (real I/O, a real-time sleep)
  /// rather than sleeping on the test clock: the only work worth waiting for in real time.
  func worksElsewhereProbe() -> @Sendable () async -> Bool {
    let (actomaton, executor, clock) = (self.actomaton, self.executor, self.clock)
    return {
      let effects = await withTaskExecutorPreference(executor) { await actomaton.effectCount }
      return effects > (clock?.sleeperCount ?? 0)
    }
  }
}
