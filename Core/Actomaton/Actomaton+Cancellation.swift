extension Actomaton {
  /// Cancels several records at once; only then do their queues start waiting effects, so a
  /// waiting effect about to be cancelled never starts in a slot that a cancelled one freed.
  ///
  /// `bySend`: the records' send was cancelled; a waiting one is then said to be discarded, as
  /// when its queue comes to it first and finds the send cancelled.
  func cancel(_ matching: [EffectRecord], bySend: Bool = false) {
    var touched: [ObjectIdentifier: QueueState] = [:]
    for record in matching.sorted(by: { $0.serial < $1.serial }) {
      if record.isLinked, let queue = record.queueState { touched[ObjectIdentifier(queue)] = queue }
      cancel(record, refill: false, bySend: bySend)
    }
    for queue in touched.values { refill(queue) }
  }

  /// Cancels a record: a waiting one is dropped unrun; a running one's task is cancelled, and it
  /// keeps a `runOldest` slot until its body has exited (a `runNewest` slot is freed at once).
  func cancel(_ record: EffectRecord, refill: Bool = true, bySend: Bool = false) {
    guard !record.isCancelled else { return }
    record.isCancelled = true
    unindexID(record)
    tell(bySend && record.phase == .waiting ? .discarded : .cancelled, record)
    switch record.phase {
    case .waiting:
      let queue = record.queueState
      drop(record)
      if refill, let queue { self.refill(queue) }
    case .running:
      record.handle?.cancel()
      guard record.isLinked, let queue = record.queueState, case .runNewest = queue.policy
      else { return }
      queue.running.remove(record)
      if refill { self.refill(queue) }
    }
  }

  /// Cancels every effect that belongs to a cancelled send's group. Its running tasks were
  /// cancelled by the group already; this drops its waiting effects and frees the slots.
  func cancelEffects(of group: SendGroup) {
    cancel(records.values.filter { $0.group === group && !$0.isCancelled }, bySend: true)
  }

  /// Forgets a waiting record that will never run, and tells whoever waits for it.
  private func drop(_ record: EffectRecord) {
    records[record.serial] = nil
    if record.isLinked { record.queueState?.waiting.remove(record) }
    record.group?.leave()
    if let stage = record.stage { finishUnit(of: stage) }
  }

  /// Removes a record from the id index; an id with no record left is forgotten, so ids unique
  /// per request do not pile up.
  private func unindexID(_ record: EffectRecord) {
    guard let idKey = record.idKey, var byID = recordsByID[idKey] else { return }
    byID[record.serial] = nil
    recordsByID[idKey] = byID.isEmpty ? nil : byID
  }

  /// Starts waiting effects while the queue has free slots; forgets the queue when it is idle.
  ///
  /// A queue may already have been forgotten, and another made under its key, while a
  /// cancellation that touched it ran a concatenation's next part; only the queue itself is
  /// forgotten, never that newer one.
  func refill(_ queue: QueueState) {
    while queue.running.count < queue.policy.maxCount, let next = queue.waiting.popFirst() {
      if next.group?.isCancelled == true {
        next.isCancelled = true
        unindexID(next)
        drop(next)
        tell(.discarded, next)
        continue
      }
      var context = SendContext(feedbackOf: next)
      start(next, queue: queue, spaced: true, in: &context)
    }
    if queue.isIdle, !queue.isForgotten {
      queue.isForgotten = true
      queues[queue.key] = nil
    }
  }

  /// An effect's body has exited; `action` (its result, if any) is fed back unless the effect
  /// was cancelled. Its queue slot is freed now.
  func complete(_ serial: UInt64, feeding action: Action?, thrown: (any Error)? = nil) {
    guard let record = records.removeValue(forKey: serial) else { return }
    // NOTE: a send's task cancels its effects' tasks without the actor; this is where it learns.
    if !record.isCancelled, record.handle?.isCancelled == true { tell(.cancelled, record) }
    tell(thrown.map { .threw($0) } ?? .finished, record)
    let isSilenced = record.isSilenced
    if !record.isCancelled { unindexID(record) }
    // NOTE: a record no longer linked gave its slot back when it was cancelled.
    if record.isLinked, let queue = record.queueState {
      queue.running.remove(record)
      refill(queue)
    }
    if let action, !isSilenced { reduceFeedback(action, from: record) }
    if let stage = record.stage { finishUnit(of: stage) }
  }

  /// A running effect sent `action`; it is fed back unless the effect was cancelled or is over.
  func feed(_ serial: UInt64, _ action: Action) {
    guard let record = records[serial], !record.isSilenced else { return }
    reduceFeedback(action, from: record)
  }
}
