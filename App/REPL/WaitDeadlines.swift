import Locking

/// The limits of a waiter's waits, kept by one timer: a wait adds its deadline and takes it away
/// when its tasks end first; the timer sleeps until the earliest deadline and ends the waits
/// that reached theirs.
// NOTE: one timer for all the waits, not one per wait: the gallery waits after every todo
// command (its reload), and setting and cancelling a timer of its own (a dispatch timer, and
// a wake-up of dispatch's thread) cost a sixth of a command. The timer sleeps again only when a
// deadline comes before the one it sleeps until; a wait's deadline is almost always later.
final class WaitDeadlines<C: Clock<Duration>>: Sendable {
  private struct Deadline {
    let id: Int
    let at: C.Instant
    let end: @Sendable () -> Void
  }

  private struct Book {
    var deadlines: [Deadline] = []
    var nextID = 0
    /// When the running timer wakes, while one runs.
    var wakesAt: C.Instant?
    var timer: Task<Void, Never>?
  }

  private let book = Locked(Book())
  private let clock: C
  private let executor: (any TaskExecutor)?

  /// Deadlines by `clock`, whose timer runs on `executor` (`nil`: the global pool).
  init(clock: C, executor: (any TaskExecutor)?) {
    self.clock = clock
    self.executor = executor
  }

  /// Calls `end` once `limit` has passed, unless the deadline is removed first; returns the
  /// deadline's id.
  func add(after limit: Duration, end: @escaping @Sendable () -> Void) -> Int {
    let at = clock.now.advanced(by: limit)
    return book.withLock { book in
      let id = book.nextID
      book.nextID += 1
      book.deadlines.append(Deadline(id: id, at: at, end: end))
      if let wakesAt = book.wakesAt, wakesAt <= at { return id }
      book.timer?.cancel()
      book.wakesAt = at
      book.timer = Task(executorPreference: executor) { [self] in await run(from: at) }
      return id
    }
  }

  /// Takes a deadline away (its wait ended first); nothing when it was reached already.
  func remove(_ id: Int) {
    book.withLock { book in book.deadlines.removeAll { $0.id == id } }
  }

  /// Sleeps until each earliest deadline and ends the waits that reached theirs, until none is
  /// left; returns at once when an earlier deadline started a timer of its own.
  private func run(from first: C.Instant) async {
    var wake = first
    while true {
      do {
        try await clock.sleep(until: wake, tolerance: nil)
      } catch {
        return
      }
      // NOTE: a timer replaced by an earlier one while it woke leaves the deadlines to it.
      if Task.isCancelled { return }
      let now = clock.now
      let (due, next) = book.withLock { book -> ([Deadline], C.Instant?) in
        let due = book.deadlines.filter { $0.at <= now }
        book.deadlines.removeAll { $0.at <= now }
        let next = book.deadlines.map(\.at).min()
        book.wakesAt = next
        if next == nil { book.timer = nil }
        return (due, next)
      }
      for deadline in due { deadline.end() }
      guard let next else { return }
      wake = next
    }
  }
}
