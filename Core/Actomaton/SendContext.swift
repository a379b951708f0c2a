extension Actomaton {
  /// What one `send` (or one fed-back action) has started so far.
  struct SendContext {
    let priority: TaskPriority?
    let tracksFeedbacks: Bool
    /// Whether a task is returned to the caller (a top-level `send`).
    let returnsTask: Bool
    var group: SendGroup?
    var startedTasks = 0
    var lastTask: Task<Void, any Error>?
    /// Some effect is waiting in a queue or an error is already known.
    var needsGroupTask = false

    init(priority: TaskPriority?, tracksFeedbacks: Bool) {
      self.priority = priority
      self.tracksFeedbacks = tracksFeedbacks
      self.returnsTask = true
    }

    init(feedbackOf record: EffectRecord<Action>) {
      priority = record.priority
      tracksFeedbacks = record.tracksFeedbacks
      returnsTask = false
      group = record.tracksFeedbacks ? record.group : nil
    }

    /// The task handed back to the caller of `send`.
    func result(executor: (any TaskExecutor)?) -> Task<Void, any Error>? {
      guard let group else { return nil }
      if startedTasks == 1, !needsGroupTask, !tracksFeedbacks, let lastTask { return lastTask }
      return Task(executorPreference: executor, priority: priority) {
        try await withTaskCancellationHandler {
          try await group.wait()
        } onCancel: {
          group.cancel()
        }
      }
    }
  }
}
