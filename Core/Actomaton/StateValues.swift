import Synchronization

/// The values of one slice of an actomaton's state over time: the current value first, then each
/// new value that differs from the one before.
///
/// A slow consumer gets the newest value when it asks again, never a backlog. Every iteration is
/// an observer of its own, which ends when its task is cancelled, when the consumer stops, or
/// when the actomaton is released.
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
public final class SliceObservation<Value: Sendable & Equatable>: Sendable {
  private struct Mailbox {
    var pending: Value?
    var lastDelivered: Value?
    var waiter: CheckedContinuation<Value?, Never>?
    var isFinished = false
    var lastOffered: Value

    /// Takes `value` as delivered if it differs from the last one delivered.
    mutating func deliver(_ value: Value) -> Bool {
      guard value != lastDelivered else { return false }
      lastDelivered = value
      return true
    }
  }

  private let mailbox: Mutex<Mailbox>

  init(current: Value) {
    mailbox = Mutex(Mailbox(pending: current, lastOffered: current))
  }

  /// Offers the slice of a new state; `false` once the observer has ended, to be dropped.
  func offer(_ value: Value) -> Bool {
    let (isAlive, waiter) = mailbox.withLock { box -> (Bool, CheckedContinuation<Value?, Never>?) in
      if box.isFinished { return (false, nil) }
      if value == box.lastOffered { return (true, nil) }
      box.lastOffered = value
      if box.waiter != nil, box.deliver(value) {
        defer { box.waiter = nil }
        return (true, box.waiter)
      }
      box.pending = value
      return (true, nil)
    }
    waiter?.resume(returning: value)
    return isAlive
  }

  /// Ends the observer: a waiting consumer gets `nil`.
  func finish() {
    let waiter = mailbox.withLock { box -> CheckedContinuation<Value?, Never>? in
      box.isFinished = true
      box.pending = nil
      defer { box.waiter = nil }
      return box.waiter
    }
    waiter?.resume(returning: nil)
  }

  /// Waits for a value that differs from the last one delivered; `nil` once ended.
  func next() async -> Value? {
    await withTaskCancellationHandler {
      // NOTE: the continuation is resumed exactly once: by whoever takes it out of `waiter`
      // under the lock, or here when a value (or the end) is there.
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let ready = mailbox.withLock { box -> Value?? in
          if box.isFinished { return .some(nil) }
          if let value = box.pending {
            box.pending = nil
            if box.deliver(value) { return .some(value) }
          }
          box.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      finish()
    }
  }
}
