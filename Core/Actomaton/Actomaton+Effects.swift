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
      let error = EffectQueueMisuse.invalidMaxCount(queue: "\(queue)", maxCount: policy.maxCount)
      onError?(error)
      if context.returnsTask, context.group == nil { context.group = makeGroup() }
      context.group?.record(error)
      context.needsGroupTask = true
      return
    }
    let key = ErasedKey(base: queue)
    let existing = queues[key]
    let state = existing ?? QueueState(queue)
    if existing == nil { queues[key] = state }
    let wasIdle = existing == nil
    switch policy {
    case let .runNewest(maxCount):
      while state.running.count >= maxCount, let oldest = state.running.first {
        cancel(oldest, refill: false)
      }
    case let .runOldest(maxCount, .discardNew):
      if state.running.count >= maxCount { return }
    case let .runOldest(maxCount, .suspendNew):
      if state.running.count >= maxCount || !state.waiting.isEmpty {
        let record = makeRecord(task, in: &context)
        record.phase = .waiting
        if record.priority == nil { record.priority = Task.currentPriority }
        state.waiting.append(record)
        context.needsGroupTask = true
        return
      }
    }
    start(makeRecord(task, in: &context), queue: state, spaced: !wasIdle, in: &context)
  }

  private func makeRecord(
    _ task: TaskEffect<Action>, in context: inout SendContext
  ) -> EffectRecord<Action> {
    if context.returnsTask, context.group == nil { context.group = makeGroup() }
    nextSerial &+= 1
    let record = EffectRecord(
      serial: nextSerial, effect: task, group: context.group,
      priority: context.priority, tracksFeedbacks: context.tracksFeedbacks)
    context.group?.enter()
    records[record.serial] = record
    if let idKey = record.idKey { recordsByID[idKey, default: [:]][record.serial] = record }
    return record
  }

  /// Starts a record's task, after the queue's delay when it has one.
  private func start(
    _ record: EffectRecord<Action>, queue: QueueState<Action>?, spaced: Bool,
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
    }
    record.phase = .running
    let operation = Self.operation(
      owner: self, serial: record.serial, body: record.effect.body, startAt: startAt,
      clock: clock, group: record.group, onError: onError)
    let task = Task(executorPreference: executor, priority: record.priority, operation: operation)
    record.handle = task
    context.startedTasks += 1
    context.lastTask = task
  }

  /// Cancels several records at once; only then do their queues start waiting effects, so a
  /// waiting effect about to be cancelled never starts in a slot that a cancelled one freed.
  func cancel(_ matching: [EffectRecord<Action>]) {
    var touched: [ErasedKey: QueueState<Action>] = [:]
    for record in matching.sorted(by: { $0.serial < $1.serial }) {
      if let key = record.queueKey, let queue = queues[key] { touched[key] = queue }
      cancel(record, refill: false)
    }
    for (key, queue) in touched { refill(queue, key: key) }
  }

  /// Cancels a record: a running one's task is cancelled, a waiting one is dropped unrun.
  func cancel(_ record: EffectRecord<Action>, refill: Bool = true) {
    record.isCancelled = true
    let phase = record.phase
    detach(record, refill: refill)
    switch phase {
    case .running: record.handle?.cancel()
    case .waiting: record.group?.leave()
    }
  }

  /// Removes a record from every index and frees its queue slot.
  private func detach(_ record: EffectRecord<Action>, refill: Bool) {
    guard records.removeValue(forKey: record.serial) != nil else { return }
    if let idKey = record.idKey {
      recordsByID[idKey]?[record.serial] = nil
      if recordsByID[idKey]?.isEmpty == true { recordsByID[idKey] = nil }
    }
    guard let key = record.queueKey, let queue = queues[key] else { return }
    switch record.phase {
    case .running: queue.running.remove(record)
    case .waiting: queue.waiting.remove(record)
    }
    if refill { self.refill(queue, key: key) }
  }

  /// Starts waiting effects while the queue has free slots; forgets the queue when it is idle.
  private func refill(_ queue: QueueState<Action>, key: ErasedKey) {
    while queue.running.count < queue.policy.maxCount, let next = queue.waiting.popFirst() {
      if next.group?.isCancelled == true {
        records[next.serial] = nil
        if let idKey = next.idKey { recordsByID[idKey]?[next.serial] = nil }
        next.group?.leave()
        continue
      }
      var context = SendContext(feedbackOf: next)
      start(next, queue: queue, spaced: true, in: &context)
    }
    if queue.isIdle { queues[key] = nil }
  }

  /// An effect's task ended; `action` (its result, if any) is fed back unless it was cancelled.
  func complete(_ serial: UInt64, feeding action: Action?) {
    guard let record = records[serial] else { return }
    let isCancelled = Task.isCancelled
    detach(record, refill: true)
    if let action, !isCancelled { reduceFeedback(action, from: record) }
  }

  /// A sequence effect yielded `action`; it is fed back unless the effect was cancelled.
  func feed(_ serial: UInt64, _ action: Action) {
    guard let record = records[serial], !Task.isCancelled else { return }
    reduceFeedback(action, from: record)
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
        switch body {
        case let .single(run):
          let action = try await run()
          await owner?.complete(serial, feeding: action)
        case let .sequence(run):
          try await run { [weak owner] action in await owner?.feed(serial, action) }
          await owner?.complete(serial, feeding: nil)
        }
      } catch {
        await owner?.complete(serial, feeding: nil)
        if !(error is CancellationError), !Task.isCancelled {
          thrown = error
          onError?(error)
        }
      }
      group?.leave(throwing: thrown)
      if let thrown { throw thrown }
    }
  }
}

/// A misuse of the effect API, reported through the `send` task and the error hook.
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
