import Actomaton

/// A clock whose every sleep returns at once, moving its time to the sleep's deadline.
///
/// For tests and previews that should not wait but do not care when things happen. A repeating
/// timer on it never waits, so a ``TestStore`` fails it (see ``TestStore/settlingLimit``) rather
/// than spin: sleep repeating work on a ``TestClock``.
public final class ImmediateClock: Clock, Sendable {
  private let storage: Locked<TestClock.Instant>

  /// Creates a clock at `now`.
  ///
  /// - Parameter now: The time to start at; the clock's zero by default.
  public init(now: TestClock.Instant = TestClock.Instant()) {
    storage = Locked(now)
  }

  /// The current time: the latest deadline slept until.
  public var now: TestClock.Instant { storage.withLock { $0 } }

  /// Zero: every deadline is reached exactly.
  public var minimumResolution: Duration { .zero }

  /// Returns at once (after a yield), unless the task is cancelled.
  ///
  /// - Parameters:
  ///   - deadline: The instant the sleep would end; the clock's time moves to it if it is later.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled, before or after the yield.
  public func sleep(until deadline: TestClock.Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    storage.withLock { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
