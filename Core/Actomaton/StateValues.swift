import Synchronization

/// The values of one slice of an actomaton's state over time: the current value first, then each
/// new value that differs from the one before.
///
/// A slow consumer is never handed a backlog: it gets the newest value when it asks again. Every
/// iteration is an observer of its own; it ends when its task is cancelled, when the consumer
/// stops iterating, or when the actomaton is released. Observing never changes the actomaton.
public struct StateValues<Value: Sendable & Equatable>: AsyncSequence, Sendable {
  /// The slice's values.
  public typealias Element = Value
  /// Iterating never fails.
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
// NOTE: `@unchecked Sendable`: every stored property but `lastOffered` is read and written only
// under `lock`, and `lastOffered` only by the observed actomaton, one state at a time (so the
// runtime's exclusivity checks, which cost more than the lock here, are left out). The
// fields sit in the class itself, and the waiter resumes with no value (the consumer takes it
// from `ready`), so offering a value needs no generic type's metadata at run time: an
// actomaton's send stays cheap with many observers.
public final class SliceObservation<Value: Sendable & Equatable>: @unchecked Sendable {
  private let lock = PlainLock()
  @exclusivity(unchecked) private var pending: Value?
  @exclusivity(unchecked) private var lastDelivered: Value
  @exclusivity(unchecked) private var hasDelivered = false
  @exclusivity(unchecked) private var ready: Value?
  @exclusivity(unchecked) private var waiter: UnsafeContinuation<Void, Never>?
  @exclusivity(unchecked) private var isFinished = false
  /// The last value offered; only the observed actomaton touches it, on its own executor.
  @exclusivity(unchecked) private var lastOffered: Value
  /// Set by ``finish()``; read without the lock, so an ended observer of an unchanged slice is
  /// still dropped at the next offer.
  private let isEnded = Atomic<Bool>(false)

  init(current: Value) {
    pending = current
    lastDelivered = current
    lastOffered = current
  }

  /// Offers the slice of a new state, from the observed actomaton; returns `false` once the
  /// observer has ended, so the actomaton drops it. An unchanged value costs one comparison.
  func offer(_ value: Value) -> Bool {
    if value == lastOffered { return !isEnded.load(ordering: .relaxed) }
    lastOffered = value
    var waiter: UnsafeContinuation<Void, Never>?
    lock.lock()
    let isAlive = !isFinished
    if isAlive, self.waiter != nil, !hasDelivered || value != lastDelivered {
      ready = value
      lastDelivered = value
      hasDelivered = true
      waiter = self.waiter
      self.waiter = nil
    } else if isAlive {
      pending = value
    }
    lock.unlock()
    waiter?.resume()
    return isAlive
  }

  /// Ends the observer: a waiting consumer gets `nil`.
  func finish() {
    isEnded.store(true, ordering: .relaxed)
    lock.lock()
    isFinished = true
    pending = nil
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume()
  }

  /// Waits for a value that differs from the last one delivered; `nil` once ended.
  func next() async -> Value? {
    await withTaskCancellationHandler {
      // NOTE: an unsafe continuation is resumed exactly once: by whoever takes it out of `waiter`
      // under the lock, or at once here when a value (or the end) is already there.
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        var isReady = true
        lock.lock()
        if !isFinished, let value = pending, !hasDelivered || value != lastDelivered {
          pending = nil
          ready = value
          lastDelivered = value
          hasDelivered = true
        } else if !isFinished {
          pending = nil
          waiter = continuation
          isReady = false
        }
        lock.unlock()
        if isReady { continuation.resume() }
      }
    } onCancel: {
      finish()
    }
    lock.lock()
    defer { lock.unlock() }
    defer { ready = nil }
    return isFinished ? nil : ready
  }
}
