extension EffectLedger {
  /// Cancels the effects with this id (rule 4).
  mutating func cancel(id key: ErasedKey) -> Decisions {
    cancel(records(withID: key))
  }

  /// Cancels the effects whose id matches; an effect without an id is seen as an
  /// ``AnonymousEffectID``, and orphaned `onStop` work is never seen. `sparingStops`: a scope
  /// ends, and the children's `onStop` work in it goes on, orphaned: the child it would tell is
  /// gone (a later child in the same place is another one).
  mutating func cancel(
    where predicate: (any EffectIDProtocol) -> Bool, sparingStops: Bool = false
  ) -> Decisions {
    var matching: [EffectRecord] = []
    for record in records.values where !record.isCancelled && !record.isOrphaned {
      guard predicate(record.id ?? AnonymousEffectID(serial: record.serial)) else { continue }
      if sparingStops, record.outlivesScopes {
        record.isOrphaned = true
        unindexID(record)
        // NOTE: the later parts of an `onStop` concatenation it runs in are orphaned with it
        // (not the concatenation of a send the `onStop` was started inside).
        var stage = record.stage
        while let unit = stage, unit.outlivesScopes {
          unit.isOrphaned = true
          stage = unit.parent
        }
      } else {
        matching.append(record)
      }
    }
    return cancel(matching)
  }

  /// Cancels every effect of a cancelled send's group. Its running tasks were cancelled by the
  /// group already; this drops its waiting effects (as discarded) and frees the slots.
  mutating func cancel(group: SendGroup) -> Decisions {
    cancel(records.values.filter { $0.group === group && !$0.isCancelled }, bySend: true)
  }

  /// Cancels several records at once; only then do their queues start waiting effects, so a
  /// waiting effect about to be cancelled never starts in a slot that a cancelled one freed.
  ///
  /// `bySend`: the records' send was cancelled; a waiting one is then said to be discarded, as
  /// when its queue comes to it first and finds the send cancelled.
  mutating func cancel(_ matching: [EffectRecord], bySend: Bool = false) -> Decisions {
    var decisions = Decisions()
    var touched: [QueueState] = []
    for record in matching.sorted(by: { $0.serial < $1.serial }) {
      if record.isLinked, let queue = record.queueState, !touched.contains(where: { $0 === queue })
      {
        touched.append(queue)
      }
      cancel(record, refill: false, bySend: bySend, into: &decisions)
    }
    for queue in touched { refill(queue, into: &decisions) }
    return decisions
  }

  /// Cancels a record: a waiting one is dropped unrun; a running one's task is to be cancelled,
  /// and it keeps a `runOldest` slot until its body has exited (a `runNewest` slot is freed at
  /// once: rule 5).
  mutating func cancel(
    _ record: EffectRecord, refill: Bool, bySend: Bool, into decisions: inout Decisions
  ) {
    guard !record.isCancelled else { return }
    record.isCancelled = true
    unindexID(record)
    switch record.phase {
    case .waiting:
      let queue = record.queueState
      drop(record)
      decisions.append(.drop(record, bySend ? .discarded : .cancelled))
      if refill, let queue { self.refill(queue, into: &decisions) }
    case .running:
      decisions.append(.cancelTask(record))
      guard record.isLinked, let queue = record.queueState, case .runNewest = queue.policy
      else { return }
      queue.running.remove(record)
      if refill { self.refill(queue, into: &decisions) }
    }
  }

  /// Forgets a waiting record that will never run.
  private mutating func drop(_ record: EffectRecord) {
    remove(record.serial)
    if record.isLinked { record.queueState?.waiting.remove(record) }
  }

  /// Starts waiting effects while the queue has free slots, in FIFO order; a waiting effect
  /// whose send was cancelled is dropped as discarded. Forgets the queue when it is idle.
  mutating func refill(_ queue: QueueState, into decisions: inout Decisions) {
    while queue.running.count < queue.policy.maxCount, let next = queue.waiting.popFirst() {
      if next.group?.isCancelled == true {
        next.isCancelled = true
        unindexID(next)
        drop(next)
        decisions.append(.drop(next, .discarded))
        continue
      }
      start(next, in: queue, spaced: true, into: &decisions)
    }
    forget(queue)
  }

  /// An effect's body has exited: the record is over and its queue slot is free (a record no
  /// longer in its line gave its slot back when it was cancelled).
  ///
  /// - Returns: `nil` for a serial that is not in the books (over already).
  mutating func finish(_ serial: UInt64) -> (EffectRecord, Decisions)? {
    guard let record = remove(serial) else { return nil }
    if !record.isCancelled { unindexID(record) }
    var decisions = Decisions()
    if record.isLinked, let queue = record.queueState {
      queue.running.remove(record)
      refill(queue, into: &decisions)
    }
    return (record, decisions)
  }
}
