/// The actomaton's bookkeeping for one asynchronous effect, from admission to its end.
///
/// Only the owning actomaton touches a record. A record is linked into at most one queue list
/// (running or waiting) through `previous`/`next`.
final class EffectRecord<Action: Sendable> {
  enum Phase { case waiting, running }

  let serial: UInt64
  let effect: TaskEffect<Action>
  let idKey: ErasedKey?
  let queueKey: ErasedKey?
  /// The send's group, when someone waits for this effect.
  let group: SendGroup?
  /// The concatenation part this effect belongs to, told when the effect is over.
  let stage: ConcatStage<Action>?
  var priority: TaskPriority?
  let tracksFeedbacks: Bool

  /// Whether actions this effect returns or sends are dropped: it was cancelled through the
  /// actomaton or through its send's task (which cancels the task before the actomaton knows).
  var isSilenced: Bool { isCancelled || handle?.isCancelled == true }

  var phase = Phase.running
  /// Feeds a binding's elements: its actions are reported as coming from a binding.
  var isBinding = false
  /// Cancelled through the actomaton; a running record stays until its body has exited.
  var isCancelled = false
  var handle: Task<Void, any Error>?

  var next: EffectRecord?
  unowned(unsafe) var previous: EffectRecord?
  var isLinked = false

  init(
    serial: UInt64, effect: TaskEffect<Action>, group: SendGroup?, stage: ConcatStage<Action>?,
    priority: TaskPriority?, tracksFeedbacks: Bool
  ) {
    self.serial = serial
    self.effect = effect
    self.idKey = effect.id.map { ErasedKey(base: $0) }
    self.queueKey = effect.queue.map { ErasedKey(base: $0) }
    self.group = group
    self.stage = stage
    self.priority = priority
    self.tracksFeedbacks = tracksFeedbacks
  }
}

/// An intrusive FIFO list of records with O(1) append, removal and pop.
struct RecordList<Action: Sendable> {
  private(set) var first: EffectRecord<Action>?
  private var last: EffectRecord<Action>?
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func append(_ record: EffectRecord<Action>) {
    record.previous = last
    record.next = nil
    record.isLinked = true
    if let last { last.next = record } else { first = record }
    last = record
    count += 1
  }

  mutating func remove(_ record: EffectRecord<Action>) {
    guard record.isLinked else { return }
    if let previous = record.previous { previous.next = record.next } else { first = record.next }
    if let next = record.next { next.previous = record.previous } else { last = record.previous }
    record.previous = nil
    record.next = nil
    record.isLinked = false
    count -= 1
  }

  mutating func popFirst() -> EffectRecord<Action>? {
    guard let record = first else { return nil }
    remove(record)
    return record
  }

  /// Unlinks every record, so no reference cycle outlives the list.
  mutating func removeAll() {
    while popFirst() != nil {}
  }
}

/// One effect queue's running and waiting effects, kept only while the queue is busy.
final class QueueState<Action: Sendable> {
  let policy: EffectQueuePolicy
  let delay: EffectQueueDelay
  var running = RecordList<Action>()
  var waiting = RecordList<Action>()
  /// When the last admitted effect was scheduled to start.
  var lastStart = Duration.zero

  init(_ queue: any EffectQueueProtocol) {
    policy = queue.effectQueuePolicy
    delay = queue.effectQueueDelay
  }

  var isIdle: Bool { running.isEmpty && waiting.isEmpty }
}
