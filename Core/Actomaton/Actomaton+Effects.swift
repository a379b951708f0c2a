extension Actomaton {
  /// Drops the waiting effects of a cancelled send's group and frees their slots.
  func cancelEffects(of group: SendGroup) {
    carry(ledger.cancel(group: group))
  }

  /// An effect's body has exited: its slot is freed, and `action` fed back unless cancelled.
  func complete(_ serial: UInt64, feeding action: Action?, thrown: (any Error)? = nil) {
    guard let (record, decisions) = ledger.finish(serial) else { return }
    // NOTE: a send's task cancels its effects' tasks without the actor; this is where it learns.
    if !record.isCancelled, record.handle?.isCancelled == true { tell(.cancelled, record) }
    tell(thrown.map { .threw($0) } ?? .finished, record)
    let isSilenced = record.isSilenced
    carry(decisions)
    if let action, !isSilenced { reduceFeedback(action, from: record) }
    if let stage = record.stage { finishUnit(of: stage) }
  }

  /// A running effect sent `action`; it is fed back unless the effect was cancelled or is over.
  func feed(_ serial: UInt64, _ action: Action) {
    guard let record = ledger.records[serial], !record.isSilenced else { return }
    reduceFeedback(action, from: record)
  }

  /// Admits a new asynchronous effect and carries out what the ledger decides for it.
  func admit(_ task: TaskEffect<Action>, in context: inout SendContext) {
    if let group = context.group, !context.returnsTask, group.isCancelled { return }
    let decisions = ledger.admit(id: task.id, queue: task.queue) { serial in
      let group = context.joinGroup(makeGroup)
      let record = EffectRecord(
        serial: serial, id: task.id, queue: task.queue, group: group, stage: context.stage,
        priority: context.priority, tracksFeedbacks: context.tracksFeedbacks,
        outlivesScopes: task.outlivesScopes, isOrphaned: task.isOrphaned,
        work: work(serial: serial, body: task.body, group: group))
      record.isBinding = context.marksBinding
      context.stage?.pending += 1
      return record
    }
    carry(decisions, in: &context)
  }

  /// Carries out the ledger's decisions, in order; a dropped effect's stage is told last, since
  /// its next part makes decisions of its own.
  func carry(_ decisions: Decisions, in context: inout SendContext) {
    var stages: [ConcatStage] = []
    for decision in decisions {
      switch decision {
      case let .start(record, startAt, resumed):
        let (work, executor, priority) = (record.work, executor, record.priority)
        let make = {
          Task(executorPreference: executor, priority: priority) { try await work(startAt) }
        }
        record.handle = record.group?.start(serial: record.serial, make) ?? make()
        tell(resumed ? .resumed : .started, record)
      case let .suspend(record):
        if record.priority == nil { record.priority = Task.currentPriority }
        tell(.suspended, record)
      case let .cancelTask(record):
        tell(.cancelled, record)
        record.handle?.cancel()
      case let .drop(record, kind):
        tell(kind, record)
        record.group?.leave()
        if let stage = record.stage { stages.append(stage) }
      case let .discard(event, misuse):
        if let misuse {
          if let onError { onError(misuse) } else { misuseOutput("Actomaton: \(misuse)\n") }
          // The refused effect counts in the send's task as one that threw at once.
          context.joinGroup(makeGroup)?.leave(throwing: misuse)
        }
        hooks?.observer?.effectEvent?(event)
      }
    }
    for stage in stages { finishUnit(of: stage) }
  }

  /// Carries out decisions that belong to no send (a cancellation, a finished effect).
  func carry(_ decisions: Decisions) {
    if decisions.isEmpty { return }
    var context = SendContext(priority: nil, tracksFeedbacks: false, returnsTask: false)
    carry(decisions, in: &context)
  }

  /// An effect's task: its body, then its end told to the actomaton (held weakly) and the group.
  private nonisolated func work(
    serial: UInt64, body: TaskEffect<Action>.Body, group: SendGroup?
  ) -> EffectRecord.Work {
    { [weak self, clock, onError] startAt in
      var action: Action?
      var thrown: (any Error)?
      do {
        if let startAt { try await clock.sleep(startAt) }
        try Task.checkCancellation()
        // NOTE: a send cancelled while this task was made may not have reached its handle.
        if group?.isCancelled == true { throw CancellationError() }
        switch body {
        case let .single(run): action = try await run()
        case let .sequence(run): try await run(Send { [weak self] in await self?.feed(serial, $0) })
        }
      } catch {
        if !(error is CancellationError), !Task.isCancelled {
          thrown = error
          onError?(error)
        }
      }
      await self?.complete(serial, feeding: action, thrown: thrown)
      group?.leave(serial: serial, throwing: thrown)
      if let thrown { throw thrown }
    }
  }
}

/// A misuse of the effect API, reported to the `send` task and the error hook (or standard error).
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
