extension Actomaton {
  /// Cancels every effect that belongs to a cancelled send's group. Its running tasks were
  /// cancelled by the group already; this drops its waiting effects and frees the slots.
  func cancelEffects(of group: SendGroup) {
    carry(ledger.cancel(group: group))
  }

  /// An effect's body has exited; `action` (its result, if any) is fed back unless the effect
  /// was cancelled. Its queue slot is freed now.
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
    guard let record = ledger.record(serial), !record.isSilenced else { return }
    reduceFeedback(action, from: record)
  }
}
