/// The bookkeeping of one asynchronous effect, from admission to its end; only the owning
/// actomaton touches it. Not generic: the body was wrapped into `work` at admission.
final class EffectRecord {
  enum Phase { case waiting, running }

  /// What the record's task runs, given when to start (`nil`: at once).
  typealias Work = @Sendable (_ startAt: Duration?) async throws -> Void

  let serial: UInt64
  let id: (any EffectIDProtocol)?
  let queue: (any EffectQueueProtocol)?
  let idKey: ErasedKey?
  /// The queue whose line holds the record, while one does.
  // NOTE: weak, as the lines hold their records; read only while linked, when the ledger keeps it.
  weak var queueState: QueueState?
  /// The send's group, when someone waits for this effect.
  let group: SendGroup?
  /// The concatenation part this effect belongs to, told when the effect is over.
  let stage: ConcatStage?
  var priority: TaskPriority?
  let tracksFeedbacks: Bool
  /// A child's `onStop` work, which the end of a scope orphans instead of cancelling.
  let outlivesScopes: Bool
  /// `onStop` work whose parent is gone: what it feeds back is dropped, and no id reaches it.
  var isOrphaned: Bool

  /// Whether actions this effect feeds back are dropped: cancelled through the actomaton or its
  /// send's task (before the actomaton knows), or orphaned.
  var isSilenced: Bool { isCancelled || isOrphaned || handle?.isCancelled == true }

  var phase = Phase.running
  /// Feeds a binding's elements: its actions are reported as coming from a binding.
  var isBinding = false
  /// Cancelled through the actomaton; a running record stays until its body has exited.
  var isCancelled = false
  var handle: Task<Void, any Error>?
  let work: Work

  var next: EffectRecord?
  // NOTE: unowned: the record before it in the list holds this one through `next`.
  unowned var previous: EffectRecord?
  var isLinked = false

  init(
    serial: UInt64, id: (any EffectIDProtocol)?, queue: (any EffectQueueProtocol)?,
    group: SendGroup?, stage: ConcatStage?, priority: TaskPriority?, tracksFeedbacks: Bool,
    outlivesScopes: Bool = false, isOrphaned: Bool = false, work: @escaping Work = { _ in }
  ) {
    (self.serial, self.id, self.queue) = (serial, id, queue)
    idKey = id.map { ErasedKey(base: $0) }
    (self.group, self.stage, self.priority) = (group, stage, priority)
    (self.tracksFeedbacks, self.outlivesScopes) = (tracksFeedbacks, outlivesScopes)
    (self.isOrphaned, self.work) = (isOrphaned, work)
  }
}

/// An intrusive FIFO list of records with O(1) append and removal.
struct RecordList: Sequence {
  private(set) var first: EffectRecord?
  private var last: EffectRecord?
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func append(_ record: EffectRecord) {
    (record.previous, record.next, record.isLinked) = (last, nil, true)
    if let last { last.next = record } else { first = record }
    last = record
    count += 1
  }

  mutating func remove(_ record: EffectRecord) {
    guard record.isLinked else { return }
    if let previous = record.previous { previous.next = record.next } else { first = record.next }
    if let next = record.next { next.previous = record.previous } else { last = record.previous }
    (record.previous, record.next, record.isLinked) = (nil, nil, false)
    count -= 1
  }

  func makeIterator() -> some IteratorProtocol<EffectRecord> {
    sequence(state: first) { record in
      defer { record = record?.next }
      return record
    }
  }
}

/// One effect queue's running and waiting effects, kept only while the queue is busy.
final class QueueState {
  let key: ErasedKey
  let policy: EffectQueuePolicy
  let delay: EffectQueueDelay
  var running = RecordList()
  var waiting = RecordList()
  /// When the last admitted effect was scheduled to start; `nil` before the first (at once).
  var lastStart: Duration?

  init(_ queue: any EffectQueueProtocol, key: ErasedKey) {
    (self.key, policy, delay) = (key, queue.effectQueuePolicy, queue.effectQueueDelay)
  }

  var isIdle: Bool { running.isEmpty && waiting.isEmpty }
}
