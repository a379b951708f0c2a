/// What one `send`, fed-back action or later part of a concatenation has started.
struct SendContext {
  let priority: TaskPriority?
  let tracksFeedbacks: Bool
  /// Whether a task is returned to the caller (a top-level `send`).
  var returnsTask = true
  /// The send's group, made when it admits its first effect.
  var group: SendGroup?
  /// The concatenation part whose async work the effects admitted now belong to.
  var stage: ConcatStage?
  /// The effects admitted now feed a binding.
  var marksBinding = false
}

extension SendContext {
  init(feedbackOf record: EffectRecord) {
    self.init(
      priority: record.priority, tracksFeedbacks: record.tracksFeedbacks, returnsTask: false,
      group: record.tracksFeedbacks ? record.group : nil)
  }

  /// The group of this send, made when the first effect that someone waits for needs one.
  mutating func joinGroup(_ make: () -> SendGroup) -> SendGroup? {
    if returnsTask, group == nil { group = make() }
    group?.enter()
    return group
  }

  /// The task `send` returns: `nil` when the send started no asynchronous work.
  func result(executor: (any TaskExecutor)?) -> Task<Void, any Error>? {
    guard let group, !group.isEmpty else { return nil }
    // NOTE: an immediate task reaches its cancellation handler before `send` returns, so
    // cancelling it cancels the group's effects synchronously, even at once.
    return Task.immediate(priority: priority, executorPreference: executor) {
      try await withTaskCancellationHandler(operation: group.wait, onCancel: group.cancel)
    }
  }
}
