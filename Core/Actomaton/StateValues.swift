/// The values of a slice of an actomaton's state: the current one, then each one it changes to.
///
/// A slow consumer gets the newest value when it asks again, never a backlog. Every iteration is
/// an observer of its own, which ends when its task is cancelled, when the consumer stops, or
/// when the actomaton is released.
public struct StateValues<Value: Sendable & Equatable>: AsyncSequence, Sendable {
  /// The slice's values.
  public typealias Element = Value
  /// Iterating never fails.
  public typealias Failure = Never

  /// Registers a new observer: a stream that keeps the newest value offered.
  let register: @Sendable () async -> AsyncStream<Value>?

  /// Starts a new observer.
  public func makeAsyncIterator() -> Iterator { Iterator(register: register) }

  /// One observer of the slice.
  public struct Iterator: AsyncIteratorProtocol {
    var register: (@Sendable () async -> AsyncStream<Value>?)?
    // NOTE: the stream ends its observer when its last iterator goes away (or its task is
    // cancelled): the actomaton's next offer finds it ended and drops it.
    var values: AsyncStream<Value>.Iterator?
    var lastDelivered: Value?

    /// The next value, or `nil` once the observer has ended.
    public mutating func next() async -> Value? {
      if let register {
        self.register = nil
        values = await register()?.makeAsyncIterator()
      }
      // NOTE: a value that came back before it was read is the one delivered last: skipped.
      while let value = await values?.next() {
        if value == lastDelivered { continue }
        lastDelivered = value
        return value
      }
      return nil
    }
  }
}
