/// An actomaton's books of its asynchronous effects: which are admitted, waiting, running or
/// cancelled; each queue with its lines and its delay; the effects by id.
///
/// Synchronous and not generic: every operation updates the books and returns the
/// ``Decision``s the actomaton is to carry out, in order; the ledger makes, cancels and runs
/// nothing itself. So the queue rules (spec rules 4–8) are checked without an actor, a task or a
/// clock (`EffectLedgerTests`, `LedgerModelTests`). A record's bookkeeping is written here only;
/// the actomaton writes its task handle and priority.
// NOTE: the books hold their records by reference, so a copy shares them: keep exactly one.
struct EffectLedger {
  /// What the actomaton is to do after an operation.
  enum Decision {
    /// Make the record's task, its body to start at `startAt` or at once; `resumed`: it waited.
    case start(EffectRecord, startAt: Duration?, resumed: Bool)
    /// The record waits in its full queue's line.
    case suspend(EffectRecord)
    /// Cancel the running record's task; the record stays until its body exits (``finish(_:)``).
    case cancelTask(EffectRecord)
    /// The waiting record will never run and is forgotten: tell `kind`, its group and its stage.
    case drop(EffectRecord, EffectEvent.Kind)
    /// The effect is refused without a record (its `discardNew` queue is full, or misused): tell
    /// the `discarded` event, and report the misuse if any.
    indirect case discard(EffectEvent, misuse: EffectQueueMisuse?)
  }

  /// The records admitted and not over (a cancelled one's body may still run), by serial.
  private(set) var records: [UInt64: EffectRecord] = [:]
  private var recordsByID: [ErasedKey: [UInt64: EffectRecord]] = [:]
  /// The busy queues (an idle queue is forgotten), by queue.
  private(set) var queues: [ErasedKey: QueueState] = [:]
  private var nextSerial: UInt64 = 0
  /// The time on the actomaton's clock, for queue delays.
  private let now: () -> Duration

  init(now: @escaping () -> Duration) { self.now = now }

  /// The number of effect ids with an effect; ids are forgotten when their effects are over.
  var trackedIDCount: Int { recordsByID.count }

  // MARK: - Admission

  /// Admits a new effect (rules 5 and 6): starts it, lines it up or refuses it, per its queue
  /// (a full `runNewest` queue cancels its oldest first); `make` makes its record.
  mutating func admit(
    id: (any EffectIDProtocol)?, queue: (any EffectQueueProtocol)?,
    make: (_ serial: UInt64) -> EffectRecord
  ) -> Decisions {
    guard let queue else { return [start(add(make(takeSerial())), in: nil)] }
    let policy = queue.effectQueuePolicy
    guard policy.maxCount >= 1 else {
      let misuse = EffectQueueMisuse.invalidMaxCount(queue: "\(queue)", maxCount: policy.maxCount)
      return [refusal(id: id, queue: queue, misuse: misuse)]
    }
    var decisions = Decisions()
    let key = ErasedKey(base: queue)
    if case .runNewest = policy, let busy = queues[key] {
      // Gives up the slots of effects their send's task cancelled unknown to the actomaton, so
      // that the newcomer evicts none of the live ones in their place.
      decisions = cancel(busy.running.filter { !$0.isCancelled && $0.handle?.isCancelled == true })
    }
    let existing = queues[key]
    let line = existing ?? QueueState(queue, key: key)
    if existing == nil { queues[key] = line }
    switch policy {
    case let .runNewest(maxCount):
      while line.running.count >= maxCount, let oldest = line.running.first {
        cancel(oldest, bySend: false, into: &decisions)
      }
    case let .runOldest(maxCount, .discardNew):
      if line.running.count >= maxCount {
        decisions.append(refusal(id: id, queue: queue, misuse: nil))
        return decisions
      }
    case let .runOldest(maxCount, .suspendNew):
      if line.running.count >= maxCount || !line.waiting.isEmpty {
        let record = add(make(takeSerial()))
        (record.phase, record.queueState) = (.waiting, line)
        line.waiting.append(record)
        decisions.append(.suspend(record))
        return decisions
      }
    }
    decisions.append(start(add(make(takeSerial())), in: line))
    return decisions
  }

  private mutating func takeSerial() -> UInt64 {
    defer { nextSerial &+= 1 }
    return nextSerial &+ 1
  }

  private mutating func add(_ record: EffectRecord) -> EffectRecord {
    records[record.serial] = record
    if let idKey = record.idKey, !record.isOrphaned {
      recordsByID[idKey, default: [:]][record.serial] = record
    }
    return record
  }

  private mutating func refusal(
    id: (any EffectIDProtocol)?, queue: any EffectQueueProtocol, misuse: EffectQueueMisuse?
  ) -> Decision {
    let event = EffectEvent(kind: .discarded, serial: takeSerial(), id: id, queue: queue)
    return .discard(event, misuse: misuse)
  }

  /// Marks a record running, in its queue's running line, after the queue's delay (rule 6: an
  /// idle queue's first effect at once, the others the delay after the previous start).
  mutating func start(_ record: EffectRecord, in line: QueueState?) -> Decision {
    var startAt: Duration?
    if let line {
      if !line.delay.isZero {
        let now = now()
        let scheduled = line.lastStart.map { max(now, $0 + line.delay.draw()) } ?? now
        line.lastStart = scheduled
        if scheduled > now { startAt = scheduled }
      }
      line.running.append(record)
      record.queueState = line
    }
    let resumed = record.phase == .waiting
    record.phase = .running
    return .start(record, startAt: startAt, resumed: resumed)
  }

  /// Removes a record from the id index, forgetting an id with no record left.
  mutating func unindexID(_ record: EffectRecord) {
    guard let idKey = record.idKey else { return }
    // NOTE: in place: a copy taken out and put back is copied on write (k² for k of one id: C1).
    recordsByID[idKey]?[record.serial] = nil
    if recordsByID[idKey]?.isEmpty == true { recordsByID[idKey] = nil }
  }

  // MARK: - Cancellation

  /// Cancels the effects with this id (rule 4).
  mutating func cancel(id key: ErasedKey) -> Decisions {
    cancel(recordsByID[key].map { Array($0.values) } ?? [])
  }

  /// Cancels the effects whose id matches (an ``AnonymousEffectID`` for one without; orphaned
  /// work is never seen). `sparingStops`: a scope ends, and the `onStop` work in it is orphaned.
  mutating func cancel(
    where predicate: (any EffectIDProtocol) -> Bool, sparingStops: Bool = false
  ) -> Decisions {
    var matching: [EffectRecord] = []
    for record in records.values where !record.isCancelled && !record.isOrphaned {
      guard predicate(record.id ?? AnonymousEffectID(serial: record.serial)) else { continue }
      if sparingStops, record.outlivesScopes {
        record.isOrphaned = true
        unindexID(record)
        // NOTE: the later parts of its `onStop` concatenations are orphaned with it.
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

  /// Drops a cancelled send's waiting effects (as discarded) and frees its effects' slots.
  mutating func cancel(group: SendGroup) -> Decisions {
    cancel(records.values.filter { $0.group === group && !$0.isCancelled }, bySend: true)
  }

  /// Cancels several records, and only then refills their queues, so that a waiting effect about
  /// to be cancelled never starts. `bySend`: their send was cancelled (a waiting one is discarded).
  mutating func cancel(_ matching: [EffectRecord], bySend: Bool = false) -> Decisions {
    var decisions = Decisions()
    let sorted = matching.sorted(by: { $0.serial < $1.serial })
    // NOTE: a queue met twice is refilled twice; the second refill has nothing left to do.
    let lines = sorted.compactMap { $0.isLinked ? $0.queueState : nil }
    for record in sorted { cancel(record, bySend: bySend, into: &decisions) }
    for line in lines { refill(line, into: &decisions) }
    return decisions
  }

  /// Cancels a record: a waiting one is dropped; a running one keeps a `runOldest` slot until its
  /// body exits (a `runNewest` slot is freed at once: rule 5). The caller refills its queue.
  mutating func cancel(_ record: EffectRecord, bySend: Bool, into decisions: inout Decisions) {
    guard !record.isCancelled else { return }
    record.isCancelled = true
    unindexID(record)
    switch record.phase {
    case .waiting:
      records[record.serial] = nil
      if record.isLinked { record.queueState?.waiting.remove(record) }
      decisions.append(.drop(record, bySend ? .discarded : .cancelled))
    case .running:
      decisions.append(.cancelTask(record))
      if record.isLinked, let queue = record.queueState, case .runNewest = queue.policy {
        queue.running.remove(record)
      }
    }
  }

  /// Starts waiting effects in FIFO order while the queue has free slots (one whose send was
  /// cancelled is discarded); forgets the queue when it is idle.
  mutating func refill(_ queue: QueueState, into decisions: inout Decisions) {
    while queue.running.count < queue.policy.maxCount, let next = queue.waiting.first {
      queue.waiting.remove(next)
      if next.group?.isCancelled == true {
        cancel(next, bySend: true, into: &decisions)
      } else {
        decisions.append(start(next, in: queue))
      }
    }
    // NOTE: a queue may have been forgotten already, and another made under its key.
    if queue.isIdle, let index = queues.index(forKey: queue.key), queues[index].value === queue {
      queues.remove(at: index)
    }
  }

  /// An effect's body has exited: the record is over, its slot free; `nil` when over already.
  mutating func finish(_ serial: UInt64) -> (EffectRecord, Decisions)? {
    guard let record = records.removeValue(forKey: serial) else { return nil }
    if !record.isCancelled { unindexID(record) }
    var decisions = Decisions()
    if record.isLinked, let queue = record.queueState {
      queue.running.remove(record)
      refill(queue, into: &decisions)
    }
    return (record, decisions)
  }
}

typealias Decisions = [EffectLedger.Decision]
