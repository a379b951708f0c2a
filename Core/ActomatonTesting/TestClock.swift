import Actomaton

/// A clock whose time moves only when a test advances it.
///
/// Sleepers wake in deadline order (ties in the order they went to sleep). After waking each one,
/// the clock waits until the work it started has settled on the clock's ``executor``, so state read
/// right after ``advance(by:)`` already holds what the woken effects did. Hand the clock and its
/// executor to the `Actomaton` (``TestStore`` does this for you). Cancelling a sleeping task throws
/// `CancellationError` at once.
public final class TestClock: Clock, Sendable {
  /// A point in the test clock's time: the duration since its start.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// An instant at `offset` from the clock's start.
    ///
    /// - Parameter offset: The time since the clock's start; zero by default.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The instant `duration` after this one.
    ///
    /// - Parameter duration: How far to move; negative moves back.
    /// - Returns: The instant at `offset + duration`.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this instant to `other`.
    ///
    /// - Parameter other: The later (or earlier) instant.
    /// - Returns: `other.offset - offset`; negative when `other` is earlier.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` when `lhs` has the smaller offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// `t+` and the offset, such as `t+1.5 seconds`.
    public var description: String { "t+\(offset)" }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Storage {
    var now: Instant
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
    /// What each store on this clock adds to settling: its hops to its actomaton.
    var settlers: [Int: Settler] = [:]
  }

  /// Lets the work a store's effects have on their way to its actomaton arrive; returns `nil` when
  /// the executor never settles, else whether any action was reduced meanwhile.
  typealias Settler = @Sendable () async -> Bool?

  /// The executor that effects driven by this clock run on.
  public let executor: TestExecutor
  private let storage: Locked<Storage>

  /// Creates a clock at `now`, with a new executor.
  ///
  /// - Parameter now: The time to start at; the clock's zero by default.
  public init(now: Instant = Instant()) {
    executor = TestExecutor()
    storage = Locked(Storage(now: now))
  }

  /// The current time.
  public var now: Instant { storage.withLock { $0.now } }

  /// Zero: the clock can be advanced by any amount.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock.
  public var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

  /// The earliest deadline of a sleeping task, if any.
  public var nextDeadline: Instant? {
    storage.withLock { $0.sleepers.values.map(\.deadline).min() }
  }

  /// The deadlines of every sleeping task, earliest first: what a test of delays checks before
  /// it advances.
  public var sleeperDeadlines: [Instant] {
    storage.withLock { $0.sleepers.values.map(\.deadline).sorted() }
  }

  /// Suspends until the clock reaches `deadline`; returns at once if it already has.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: sleepers wake exactly at their deadline.
  /// - Throws: `CancellationError` when the task is cancelled, before or during the sleep.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Bool, CancellationError> = storage.withLock { storage in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= storage.now { return .success(true) }
          storage.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return .success(false)
        }
        switch outcome {
        case .failure(let error): continuation.resume(throwing: error)
        case .success(true): continuation.resume()
        case .success(false): break
        }
      }
    } onCancel: {
      let sleeper = storage.withLock { $0.sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, deadline by deadline, letting the work each wake starts
  /// settle before the next; see ``advance(to:)``.
  ///
  /// - Parameter duration: How far to move; zero by default, which only wakes the sleepers
  ///   already due and lets the work settle.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline` (never backwards), deadline by deadline: wakes each due
  /// sleeper in order and, before the next, waits until the work it started has settled.
  ///
  /// Settled means that no job is left on the ``executor`` and that every action the woken
  /// effects sent to a ``TestStore``'s actomaton on this clock has been reduced: each woken
  /// effect has slept on the clock again, finished, or waits on something off the clock (real
  /// I/O, which `receive` waits for in real time). So a repeating timer wakes once per period
  /// within the advance, however loaded the machine.
  ///
  /// Stops early, leaving the time where it got to, when the woken work never settles (see
  /// ``TestExecutor/jobLimit``); the test store reports that at its next step.
  ///
  /// - Parameter deadline: The time to move to; an earlier one leaves the time as it is.
  public func advance(to deadline: Instant) async {
    guard await settle() else { return }
    while let sleeper = popSleeper(dueBy: deadline) {
      sleeper.continuation.resume()
      guard await settle() else { return }
    }
    storage.withLock { $0.now = max($0.now, deadline) }
  }

  /// Advances to each next deadline until no task sleeps on the clock, or `maxSteps` sleepers were
  /// woken (a repeating timer never runs out of sleepers).
  ///
  /// - Parameter maxSteps: The most sleepers woken; 10,000 by default.
  public func run(maxSteps: Int = 10_000) async {
    guard await settle() else { return }
    var steps = 0
    while steps < maxSteps, let sleeper = popSleeper(dueBy: nil) {
      sleeper.continuation.resume()
      guard await settle() else { return }
      steps += 1
    }
  }

  /// Adds a store's settling to every wake; returns the key that ``detach(_:)`` takes.
  func attach(_ settler: @escaping Settler) -> Int {
    storage.withLock { storage in
      defer { storage.nextID += 1 }
      storage.settlers[storage.nextID] = settler
      return storage.nextID
    }
  }

  /// Removes a store's settling, when the store goes.
  func detach(_ key: Int) {
    storage.withLock { $0.settlers[key] = nil }
  }

  /// Waits until the executor is idle and no store on the clock has an action on its way; `false`
  /// when the work never settles.
  // NOTE: an effect's hop to its actomaton made while the actor runs off the executor waits on
  // the actor, not on the executor, which is then idle though the effect has not slept again:
  // the store's settler queues a hop behind it. Settling again until no store reduces anything
  // covers stores that feed each other.
  private func settle() async -> Bool {
    while true {
      guard await executor.settle() else { return false }
      let settlers = storage.withLock { $0.settlers.sorted { $0.key < $1.key }.map(\.value) }
      var reduced = false
      for settler in settlers {
        guard let progressed = await settler() else { return false }
        reduced = reduced || progressed
      }
      if !reduced { return true }
    }
  }

  /// Removes the earliest sleeper due by `deadline` (any, when `nil`) and moves time to its
  /// deadline.
  private func popSleeper(dueBy deadline: Instant?) -> Sleeper? {
    storage.withLock { storage in
      let due = storage.sleepers.filter { deadline == nil || $0.value.deadline <= deadline! }
      guard
        let (id, sleeper) = due.min(by: {
          ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
        })
      else { return nil }
      storage.sleepers[id] = nil
      storage.now = max(storage.now, sleeper.deadline)
      return sleeper
    }
  }
}
