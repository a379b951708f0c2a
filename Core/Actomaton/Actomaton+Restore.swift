extension Actomaton {
  /// Puts the actomaton back to `state`, as undo and time travel do.
  ///
  /// The state is replaced without running the reducer; then, as after any action, the children,
  /// lifetimes and subscriptions `state` no longer wants stop and those it wants start. Other
  /// running effects are left alone (cancel them by id first if they must not feed the restored
  /// state). ``ActomatonObserver/stateRestored`` is told, and `values(of:)` sees the new state.
  ///
  /// - Parameter state: The state to put in place.
  /// - Returns: `nil` when nothing started; otherwise a task that completes when the effects
  ///   the restored state started have finished (cancelling it cancels them).
  @discardableResult
  public func restore(_ state: State) -> Task<Void, any Error>? {
    let old = currentState
    currentState = state
    var restored = state
    let effect = life?.effect(after: .empty, state: &restored) ?? .empty
    if let hooks {
      hooks.observer?.stateRestored?(old, state)
      offerState(to: hooks)
    }
    if effect.isEmpty { return nil }
    return start(effect, priority: nil, tracksFeedbacks: false)
  }
}
