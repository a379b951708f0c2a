import Actomaton

extension ObservedActomaton {
  /// Sends an action to the actomaton without waiting; actions sent from the mirror reach the
  /// actomaton in the order they were sent.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - priority: The priority of the effects; the caller's priority when `nil`.
  ///   - tracksFeedbacks: Whether the returned task also waits for the effects of the actions
  ///     that the effects feed back, recursively.
  /// - Returns: A task that completes once the action was reduced and the effects it started
  ///   have finished, as the task `Actomaton.send(_:priority:tracksFeedbacks:)` returns;
  ///   cancelling it cancels those effects (an action not yet delivered is still delivered, and
  ///   its effects cancelled at once). It throws the first error one of them threw.
  @discardableResult
  public func send(
    _ action: Action,
    priority: TaskPriority? = nil,
    tracksFeedbacks: Bool = false
  ) -> Task<Void, any Error> {
    let actomaton = self.actomaton
    let previous = lastSend
    // NOTE: each delivery waits for the one before, so the actor receives actions in send order
    // (two unrelated tasks could reach it in either order).
    let delivery = Task { () -> Task<Void, any Error>? in
      _ = await previous?.value
      return await actomaton.send(action, priority: priority, tracksFeedbacks: tracksFeedbacks)
    }
    lastSend = delivery
    return Task {
      let effects = await delivery.value
      try await withTaskCancellationHandler {
        try await effects?.value
      } onCancel: {
        effects?.cancel()
      }
    }
  }
}
