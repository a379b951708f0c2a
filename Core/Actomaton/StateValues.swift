/// The values of one slice of an actomaton's state over time: the current value first, then each
/// new value that differs from the one before.
///
/// A slow consumer is never handed a backlog: it gets the newest value when it asks again. Every
/// iteration is an observer of its own; it ends when its task is cancelled, when the consumer
/// stops iterating, or when the actomaton is released. Observing never changes the actomaton.
public struct StateValues<Value: Sendable & Equatable>: AsyncSequence, Sendable {
  public typealias Element = Value
  public typealias Failure = Never

  let register: @Sendable () async -> SliceObservation<Value>?

  /// Starts a new observer.
  public func makeAsyncIterator() -> Iterator {
    Iterator(register: register)
  }

  /// One observer of the slice.
  public struct Iterator: AsyncIteratorProtocol {
    let register: @Sendable () async -> SliceObservation<Value>?
    var token: Token?
    var isStarted = false

    /// The next value, or `nil` once the observer has ended.
    public mutating func next() async -> Value? {
      if !isStarted {
        isStarted = true
        guard let observation = await register() else { return nil }
        token = Token(observation)
      }
      return await token?.observation.next()
    }
  }

  /// Ends the observation when the iterator that holds it goes away.
  final class Token: Sendable {
    let observation: SliceObservation<Value>
    init(_ observation: SliceObservation<Value>) { self.observation = observation }
    deinit { observation.finish() }
  }
}

/// One observer's mailbox: the newest value not yet delivered, and the consumer waiting for it.
public final class SliceObservation<Value: Sendable & Equatable>: Sendable {
  private struct Storage {
    var pending: Value?
    var lastDelivered: Value?
    var waiter: UnsafeContinuation<Value?, Never>?
    var isFinished = false
  }

  private let storage: Locked<Storage>

  init(current: Value) {
    storage = Locked(Storage(pending: current))
  }

  /// Offers a new value; returns `false` once the observer has ended, so the actomaton drops it.
  func offer(_ value: Value) -> Bool {
    let (waiter, isAlive): (UnsafeContinuation<Value?, Never>?, Bool) = storage.withLock {
      storage in
      guard !storage.isFinished else { return (nil, false) }
      guard let waiter = storage.waiter, value != storage.lastDelivered else {
        storage.pending = value
        return (nil, true)
      }
      storage.waiter = nil
      storage.lastDelivered = value
      return (waiter, true)
    }
    waiter?.resume(returning: value)
    return isAlive
  }

  /// Ends the observer: a waiting consumer gets `nil`.
  func finish() {
    let waiter = storage.withLock { storage in
      storage.isFinished = true
      storage.pending = nil
      defer { storage.waiter = nil }
      return storage.waiter
    }
    waiter?.resume(returning: nil)
  }

  /// Waits for a value that differs from the last one delivered.
  func next() async -> Value? {
    await withTaskCancellationHandler {
      // NOTE: an unsafe continuation is resumed exactly once: by whoever takes it out of `waiter`
      // under the lock, or at once here when a value (or the end) is already there.
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Value?, Never>) in
        let ready: Value?? = storage.withLock { storage in
          if storage.isFinished { return .some(nil) }
          if let pending = storage.pending, pending != storage.lastDelivered {
            storage.pending = nil
            storage.lastDelivered = pending
            return .some(pending)
          }
          storage.pending = nil
          storage.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      finish()
    }
  }
}
