/// A queue that effects join to be cancelled, discarded or suspended automatically.
///
/// Queue identity is the queue value: two values that compare equal are one queue.
public protocol EffectQueueProtocol: Hashable, Sendable {
  /// How the queue treats a new effect when it is full.
  var effectQueuePolicy: EffectQueuePolicy { get }
  /// The minimum spacing between the start times of the queue's effects.
  var effectQueueDelay: EffectQueueDelay { get }
}

extension EffectQueueProtocol {
  /// No delay between the queue's effects.
  public var effectQueueDelay: EffectQueueDelay { .constant(0) }
}

/// A `.runNewest(maxCount: 1)` queue: a new effect cancels the running one.
public protocol Newest1EffectQueueProtocol: EffectQueueProtocol {}

extension Newest1EffectQueueProtocol {
  /// `.runNewest(maxCount: 1)`.
  public var effectQueuePolicy: EffectQueuePolicy { .runNewest(maxCount: 1) }
}

/// A `.runOldest(maxCount: 1, .discardNew)` queue: a new effect is dropped while one runs.
public protocol Oldest1DiscardNewEffectQueueProtocol: EffectQueueProtocol {}

extension Oldest1DiscardNewEffectQueueProtocol {
  /// `.runOldest(maxCount: 1, .discardNew)`.
  public var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 1, .discardNew) }
}

/// A `.runOldest(maxCount: 1, .suspendNew)` queue: new effects wait in FIFO order while one runs.
public protocol Oldest1SuspendNewEffectQueueProtocol: EffectQueueProtocol {}

extension Oldest1SuspendNewEffectQueueProtocol {
  /// `.runOldest(maxCount: 1, .suspendNew)`.
  public var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 1, .suspendNew) }
}

/// What an ``EffectQueueProtocol`` does with effects beyond its capacity.
public enum EffectQueuePolicy: Hashable, Sendable {
  /// Runs the `maxCount` newest effects, cancelling the oldest running ones to make room.
  case runNewest(maxCount: Int)
  /// Runs the `maxCount` oldest effects; newer ones are suspended or discarded.
  case runOldest(maxCount: Int, OverflowPolicy)

  /// What `.runOldest` does with a new effect while the queue is full.
  public enum OverflowPolicy: Hashable, Sendable {
    /// The new effect waits, in FIFO order, until a running one finishes.
    case suspendNew
    /// The new effect is dropped; its body never runs.
    case discardNew
  }

  /// The number of effects the queue runs at once.
  public var maxCount: Int {
    switch self {
    case let .runNewest(maxCount), let .runOldest(maxCount, _): maxCount
    }
  }
}

/// The spacing between the start times of one queue's effects.
public enum EffectQueueDelay: Hashable, Sendable {
  /// The same delay, in seconds, before every effect but the first of an idle queue.
  case constant(Double)
  /// A delay drawn anew for every effect from the range, in seconds.
  case random(ClosedRange<Double>)

  /// Draws this delay's next value; negative or non-finite values count as zero, and a longer one
  /// (or one from a range wider than the largest `Double`) as 10^15 s, where `Duration` traps.
  func draw() -> Duration {
    let seconds =
      switch self {
      case let .constant(value): value
      case let .random(range) where (range.upperBound - range.lowerBound).isFinite:
        Double.random(in: range)
      case let .random(range): range.lowerBound.isFinite ? range.upperBound : 0
      }
    return seconds.isFinite && seconds > 0 ? .seconds(min(seconds, 1e15)) : .zero
  }

  /// Whether this delay can ever be non-zero.
  var isZero: Bool {
    switch self {
    case let .constant(value): !(value > 0)
    case let .random(range): !(range.upperBound > 0)
    }
  }
}
