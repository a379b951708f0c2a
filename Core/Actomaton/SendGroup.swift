/// The effects started by one `send`, which the task returned by `send` waits for.
///
/// Effects report to the group from their own tasks, so a group completes even when the actomaton
/// is gone. Cancelling it cancels its running effects at once, from any thread, and the owner
/// drops its waiting ones on its next turn.
final class SendGroup: Sendable {
  private struct Storage {
    var pending = 0
    var firstError: (any Error)?
    var waiter: CheckedContinuation<Void, Never>?
    /// The running effects' tasks, by serial; `nil` once the group is cancelled.
    var handles: [UInt64: Task<Void, any Error>]? = [:]
  }

  private let storage = Locked(Storage())
  private weak let owner: (any SendGroupOwner)?

  init(owner: any SendGroupOwner) { self.owner = owner }

  var isCancelled: Bool { storage.withLock { $0.handles == nil } }

  /// Whether nothing is left and no error is known: the send started no async work after all.
  var isEmpty: Bool { storage.withLock { $0.pending == 0 && $0.firstError == nil } }

  func enter() { storage.withLock { $0.pending += 1 } }

  /// Creates an effect's task and keeps its handle; a cancelled group cancels it at once.
  // NOTE: `make` runs under the lock: a concurrent `cancel()` sees the handle or precedes the task.
  func start(serial: UInt64, _ make: () -> Task<Void, any Error>) -> Task<Void, any Error> {
    storage.withLock { storage in
      let task = make()
      if storage.handles == nil { task.cancel() } else { storage.handles?[serial] = task }
      return task
    }
  }

  /// One of the group's effects finished, was dropped or refused, or was cancelled before it ran.
  func leave(serial: UInt64? = nil, throwing error: (any Error)? = nil) {
    let waiter = storage.withLock {
      if let serial { $0.handles?[serial] = nil }
      if let error, $0.firstError == nil { $0.firstError = error }
      $0.pending -= 1
      return $0.pending == 0 ? $0.waiter.take() : nil
    }
    waiter?.resume()
  }

  /// Waits until every effect of the group has finished; throws the first error one threw.
  func wait() async throws {
    // NOTE: resumed exactly once, by whoever takes it out of `waiter` under the lock (or here).
    await withCheckedContinuation { continuation in
      let isOver = storage.withLock {
        if $0.pending > 0 { $0.waiter = continuation }
        return $0.pending == 0
      }
      if isOver { continuation.resume() }
    }
    // NOTE: the error is known once nothing is pending, and no effect is added after that.
    if let error = storage.withLock({ $0.firstError }) { throw error }
  }

  /// Cancels every effect of the group: running ones at once, waiting ones on the owner's turn.
  func cancel() {
    guard let handles = storage.withLock({ $0.handles.take() }) else { return }
    for task in handles.values { task.cancel() }
    owner?.cancelEffectsSoon(of: self)
  }
}

/// Who cancels a group's effects: the actomaton that started them.
protocol SendGroupOwner: AnyObject, Sendable {
  /// Drops the group's waiting effects and frees their bookkeeping soon, from any thread.
  func cancelEffectsSoon(of group: SendGroup)
}
