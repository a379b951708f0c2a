extension Actomaton {
  /// Admits a new asynchronous effect: starts it, queues it, or drops it per its queue's policy.
  func admit(_ task: TaskEffect<Action>, in context: inout SendContext) {
    if let group = context.group, !context.returnsTask, group.isCancelled { return }
    guard let queue = task.queue else {
      start(makeRecord(task, in: &context), queue: nil, spaced: false, in: &context)
      return
    }
    let policy = queue.effectQueuePolicy
    guard policy.maxCount >= 1 else {
      reportMisuse(.invalidMaxCount(queue: "\(queue)", maxCount: policy.maxCount), in: &context)
      tellDiscarded(task)
      return
    }
    let key = ErasedKey(base: queue)
    if case .runNewest = policy, let busy = queues[key] { releaseSlotsCancelledBySend(busy) }
    let existing = queues[key]
    let state = existing ?? QueueState(queue, key: key)
    if existing == nil { queues[key] = state }
    let wasIdle = existing == nil
    switch policy {
    case let .runNewest(maxCount):
      while state.running.count >= maxCount, let oldest = state.running.first {
        cancel(oldest, refill: false)
      }
    case let .runOldest(maxCount, .discardNew):
      if state.running.count >= maxCount { return tellDiscarded(task) }
    case let .runOldest(maxCount, .suspendNew):
      if state.running.count >= maxCount || !state.waiting.isEmpty {
        // NOTE: the send's task waits for a waiting effect through a group.
        context.isSoleTask = false
        let record = makeRecord(task, in: &context)
        record.phase = .waiting
        record.queueState = state
        if record.priority == nil { record.priority = Task.currentPriority }
        state.waiting.append(record)
        context.needsGroupTask = true
        tell(.suspended, record)
        return
      }
    }
    start(makeRecord(task, in: &context), queue: state, spaced: !wasIdle, in: &context)
  }

  /// Gives up the `runNewest` slots of effects whose send's task cancelled them: that task was
  /// their own (no group told the actomaton), so they would hold a slot until their bodies exit,
  /// and a newcomer would evict a live effect in their place, or wait out a delay. Frees the
  /// queue when nothing else runs in it.
  private func releaseSlotsCancelledBySend(_ queue: QueueState) {
    var record = queue.running.first
    var cancelled: [EffectRecord] = []
    while let current = record {
      if !current.isCancelled, current.handle?.isCancelled == true { cancelled.append(current) }
      record = current.next
    }
    if cancelled.isEmpty { return }
    for record in cancelled { cancel(record, refill: false) }
    refill(queue)
  }

  /// Reports a misused queue through the hook and the send's task, or to standard error when
  /// there is no hook (a task may be discarded, and a fed-back action's effect has none).
  private func reportMisuse(_ error: EffectQueueMisuse, in context: inout SendContext) {
    if let onError { onError(error) } else { misuseOutput("Actomaton: \(error)\n") }
    if context.returnsTask, context.group == nil { context.group = makeGroup() }
    context.group?.record(error)
    context.needsGroupTask = true
  }

  private func makeRecord(
    _ task: TaskEffect<Action>, in context: inout SendContext
  ) -> RunnableRecord<Action> {
    let group = context.joinGroup(makeGroup)
    nextSerial &+= 1
    let record = RunnableRecord(
      serial: nextSerial, effect: task, group: group, stage: context.stage,
      priority: context.priority, tracksFeedbacks: context.tracksFeedbacks)
    record.isBinding = context.marksBinding
    context.stage?.pending += 1
    records[record.serial] = record
    if let idKey = record.idKey { recordsByID[idKey, default: [:]][record.serial] = record }
    return record
  }

  /// Starts a record's task, after the queue's delay when it has one.
  func start(
    _ record: EffectRecord, queue: QueueState?, spaced: Bool,
    in context: inout SendContext
  ) {
    var startAt: Duration?
    if let queue {
      if !queue.delay.isZero {
        let now = clock.now()
        let scheduled = spaced ? max(now, queue.lastStart + queue.delay.draw()) : now
        queue.lastStart = scheduled
        if scheduled > now { startAt = scheduled }
      }
      queue.running.append(record)
      record.queueState = queue
    }
    let wasWaiting = record.phase == .waiting
    record.phase = .running
    // NOTE: every record of this actomaton was made by `makeRecord` with its `Action`.
    let body = unsafeDowncast(record, to: RunnableRecord<Action>.self).body
    let operation = Self.operation(
      owner: self, serial: record.serial, body: body, startAt: startAt,
      clock: clock, group: record.group, onError: onError)
    let executor = self.executor
    let priority = record.priority
    let task =
      record.group?.start(serial: record.serial) {
        Task(executorPreference: executor, priority: priority, operation: operation)
      } ?? Task(executorPreference: executor, priority: priority, operation: operation)
    record.handle = task
    context.startedTasks += 1
    context.lastTask = task
    tell(wasWaiting ? .resumed : .started, record)
  }

  /// Tells the observer of an effect dropped before it had a record.
  private func tellDiscarded(_ task: TaskEffect<Action>) {
    guard let effectEvent = hooks?.observer?.effectEvent else { return }
    nextSerial &+= 1
    effectEvent(EffectEvent(kind: .discarded, serial: nextSerial, id: task.id, queue: task.queue))
  }

  /// The body of an effect's task. It holds the actomaton weakly.
  private nonisolated static func operation(
    owner: Actomaton, serial: UInt64, body: TaskEffect<Action>.Body, startAt: Duration?,
    clock: EffectClock, group: SendGroup?, onError: (@Sendable (any Error) -> Void)?
  ) -> @Sendable () async throws -> Void {
    { [weak owner] in
      var thrown: (any Error)?
      do {
        if let startAt { try await clock.sleep(startAt) }
        try Task.checkCancellation()
        // NOTE: a send cancelled while this task was being made may not have reached its handle
        // yet; its group already says so.
        if group?.isCancelled == true { throw CancellationError() }
        switch body {
        case let .single(run):
          let action = try await run()
          await owner?.complete(serial, feeding: action)
        case let .sequence(run):
          try await run { [weak owner] action in await owner?.feed(serial, action) }
          await owner?.complete(serial, feeding: nil)
        }
      } catch {
        if !(error is CancellationError), !Task.isCancelled {
          thrown = error
          onError?(error)
        }
        await owner?.complete(serial, feeding: nil, thrown: thrown)
      }
      group?.leave(serial: serial, throwing: thrown)
      if let thrown { throw thrown }
    }
  }
}

/// A misuse of the effect API, reported through the `send` task and the error hook, or to
/// standard error when the actomaton has no error hook.
public enum EffectQueueMisuse: Error, Equatable, CustomStringConvertible {
  /// A queue's policy has a `maxCount` below 1; the effect was not run.
  case invalidMaxCount(queue: String, maxCount: Int)

  /// What was wrong and how to fix it.
  public var description: String {
    switch self {
    case let .invalidMaxCount(queue, maxCount):
      "Effect queue \(queue) has maxCount \(maxCount), but maxCount must be at least 1; "
        + "the effect was not run. Fix the queue's effectQueuePolicy."
    }
  }
}
