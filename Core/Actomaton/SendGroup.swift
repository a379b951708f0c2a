/// The effects started by one `send`, which the task returned by `send` waits for.
///
/// Effects report to the group from their own tasks, so a group completes even when the actomaton
/// is gone; cancelling the group asks its owner, if still alive, to cancel them.
final class SendGroup: Sendable {
  private struct Storage {
    var pending = 0
    var firstError: (any Error)?
    var waiter: UnsafeContinuation<Void, any Error>?
    var isCancelled = false
  }

  private let storage = Locked(Storage())
  private weak let owner: (any SendGroupOwner)?

  init(owner: any SendGroupOwner) {
    self.owner = owner
  }

  var isCancelled: Bool { storage.withLock { $0.isCancelled } }

  /// One more effect belongs to the group.
  func enter() {
    storage.withLock { $0.pending += 1 }
  }

  /// Records an error that no effect threw (a misused queue), as the group's error.
  func record(_ error: any Error) {
    storage.withLock { if $0.firstError == nil { $0.firstError = error } }
  }

  /// One of the group's effects finished, was dropped or was cancelled before it ran.
  func leave(throwing error: (any Error)? = nil) {
    let resume: (UnsafeContinuation<Void, any Error>, (any Error)?)? = storage.withLock {
      if let error, $0.firstError == nil { $0.firstError = error }
      $0.pending -= 1
      guard $0.pending == 0, let waiter = $0.waiter else { return nil }
      $0.waiter = nil
      return (waiter, $0.firstError)
    }
    if let (waiter, error) = resume { Self.resume(waiter, error) }
  }

  /// Waits until every effect of the group has finished; throws the first error one threw.
  func wait() async throws {
    // NOTE: an unsafe continuation saves an allocation per waiting send; it is resumed exactly
    // once, by whoever takes it out of `waiter` under the lock (or at once when nothing pends).
    try await withUnsafeThrowingContinuation {
      (continuation: UnsafeContinuation<Void, any Error>) in
      let error: (any Error)?? = storage.withLock {
        guard $0.pending == 0 else {
          $0.waiter = continuation
          return nil
        }
        return .some($0.firstError)
      }
      if let error { Self.resume(continuation, error) }
    }
  }

  /// Cancels every effect of the group, including those that have not started.
  func cancel() {
    let first = storage.withLock { storage in
      defer { storage.isCancelled = true }
      return !storage.isCancelled
    }
    if first { owner?.cancelEffectsSoon(of: self) }
  }

  private static func resume(
    _ continuation: UnsafeContinuation<Void, any Error>, _ error: (any Error)?
  ) {
    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
  }
}

/// Who cancels a group's effects: the actomaton that started them.
protocol SendGroupOwner: AnyObject, Sendable {
  /// Cancels the group's effects soon, from any thread.
  func cancelEffectsSoon(of group: SendGroup)
}
