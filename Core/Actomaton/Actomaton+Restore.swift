extension Actomaton {
  /// Puts the actomaton back to `state`, as undo and time travel do.
  ///
  /// The state is replaced without running the reducer, and then everything that follows the
  /// state follows it as after any action: the children, lifetimes and subscriptions the old
  /// state wanted and `state` does not are stopped (their effects cancelled, their `onStop`
  /// run), and those `state` wants that were not alive are started. Other running effects are
  /// left alone (cancel them first by id when they must not feed the restored state). Observers
  /// are told through ``ActomatonObserver/stateRestored``, and `values(of:)` sees the new state.
  ///
  /// - Parameter state: The state to put in place.
  /// - Returns: `nil` when nothing started; otherwise a task that completes when the effects
  ///   the restored state started have finished (cancelling it cancels them).
  @discardableResult
  public func restore(_ state: State) -> Task<Void, any Error>? {
    let effect: Effect<Action>
    if let hooks {
      let old = currentState
      effect = put(state)
      hooks.observer?.stateRestored?(old, currentState)
      offerState(to: hooks)
    } else {
      effect = put(state)
    }
    if effect.isEmpty { return nil }
    return start(effect, priority: nil, tracksFeedbacks: false)
  }

  /// Puts a state in place and returns what starting and stopping it asks for.
  private func put(_ state: State) -> Effect<Action> {
    currentState = state
    return life?.effect(after: .empty, state: currentState) ?? .empty
  }
}
