import Actomaton

/// The one way the REPL waits: for the screen's work in flight, at most a limit of the clock,
/// unless a signal comes. It also keeps that work: the tasks of the current screen's commands
/// that still run, for `wait` and for Ctrl-C.
public final class Waiter: Sendable {
  private struct Book {
    /// The work in flight, by the order it started; a task leaves once it has finished, so a
    /// long session holds only the commands still at work.
    var inFlight: [Int: Task<Void, any Error>] = [:]
    /// The waits running: when each ends, what ends it, and whether a signal does.
    var waits: [Int: (at: Duration, breakable: Bool, end: @Sendable () -> Void)] = [:]
    /// The one timer, and when it wakes: the earliest limit of `waits`.
    var timer: (wakesAt: Duration, task: Task<Void, Never>)?
    var unhandledSignals = 0
    var lastID = 0
  }

  private let book = Locked(Book())
  private let executor: (any TaskExecutor)?
  /// The clock, as the time since the waiter was made.
  private let now: @Sendable () -> Duration
  private let sleep: @Sendable (Duration) async throws -> Void
  /// A test clock's: a wait advances it by its limit, inline, as the clock expects.
  private let advance: (@Sendable (Duration) async -> Void)?

  /// Waits by `clock`, its timer and its watch of the tasks on `executor` (`nil`: the pool).
  // NOTE: on the engine's own executor, a command's wait costs no thread of the pool woken and
  // no handoff back: the gallery waits for a task after every todo command (its reload).
  public init<C: Clock<Duration>>(clock: C, executor: (any TaskExecutor)?) {
    let start = clock.now
    self.executor = executor
    now = { start.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
    advance = nil
  }

  /// Waits by advancing a test clock by each wait's limit; a signal ends none.
  public init(
    executor: (any TaskExecutor)?, advancing: @escaping @Sendable (Duration) async -> Void
  ) {
    self.executor = executor
    now = { .zero }
    sleep = { _ in }
    advance = advancing
  }

  // MARK: - Work in flight

  /// Keeps `task` as work in flight until it finishes.
  @usableFromInline func track(_ task: Task<Void, any Error>) {
    let id = book.withLock { book in
      book.lastID += 1
      book.inFlight[book.lastID] = task
      return book.lastID
    }
    // NOTE: on the effects' executor, so a test clock's executor also sees this hop.
    Task(executorPreference: executor) { [weak self] in
      _ = try? await task.value
      self?.book.withLock { _ = $0.inFlight.removeValue(forKey: id) }
    }
  }

  /// The work in flight, oldest first.
  var inFlight: [Task<Void, any Error>] {
    book.withLock { $0.inFlight.sorted { $0.key < $1.key }.map(\.value) }
  }

  /// Forgets the work in flight (it goes on, or is cancelled by whoever asked); returns it.
  @discardableResult @usableFromInline func forgetInFlight() -> [Task<Void, any Error>] {
    book.withLock { book in
      defer { book.inFlight = [:] }
      return book.inFlight.sorted { $0.key < $1.key }.map(\.value)
    }
  }

  // MARK: - Waiting

  /// Waits until every task has finished, or `limit` has passed; when `breakable`, also until a
  /// signal comes (or at once, while one came that the loop has not handled: `wait 3600` must
  /// not hold the loop and the signals queued behind it).
  @usableFromInline
  func wait(for tasks: [Task<Void, any Error>], atMost limit: Duration, breakable: Bool = false)
    async
  {
    if let advance { return await advance(limit) }
    guard !tasks.isEmpty else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let pending = Locked<CheckedContinuation<Void, Never>?>(continuation)
      let end: @Sendable () -> Void = { pending.withLock { $0.take() }?.resume() }
      let at = now() + limit
      let id = book.withLock { book -> Int? in
        if breakable, book.unhandledSignals > 0 { return nil }
        book.lastID += 1
        book.waits[book.lastID] = (at, breakable, end)
        if book.timer.map({ $0.wakesAt > at }) ?? true {
          book.timer?.task.cancel()
          book.timer = (at, Task(executorPreference: executor) { [weak self] in await self?.run() })
        }
        return book.lastID
      }
      guard let id else { return end() }
      Task(executorPreference: executor) { [book] in
        for task in tasks { _ = try? await task.value }
        book.withLock { _ = $0.waits.removeValue(forKey: id) }
        end()
      }
    }
  }

  /// A signal came: ends the breakable waits running, and those begun before `handled`.
  @usableFromInline func signal() {
    let ends = book.withLock { book in
      book.unhandledSignals += 1
      let breakable = book.waits.filter(\.value.breakable)
      for id in breakable.keys { book.waits[id] = nil }
      return breakable.values.map(\.end)
    }
    for end in ends { end() }
  }

  /// The loop has handled one signal.
  @usableFromInline func handled() {
    book.withLock { $0.unhandledSignals = max($0.unhandledSignals - 1, 0) }
  }

  /// The timer: sleeps until the earliest limit and ends the waits that reached theirs, until
  /// none is left; a timer replaced by an earlier one (cancelled) leaves the waits to it.
  private func run() async {
    while let wake = book.withLock({ $0.timer?.wakesAt }) {
      do { try await sleep(wake) } catch { return }
      let ends = book.withLock { book -> [@Sendable () -> Void]? in
        guard !Task.isCancelled else { return nil }
        let now = now()
        let due = book.waits.filter { $0.value.at <= now }
        for id in due.keys { book.waits[id] = nil }
        if let next = book.waits.values.map(\.at).min() {
          book.timer?.wakesAt = next
        } else {
          book.timer = nil
        }
        return due.values.map(\.end)
      }
      guard let ends else { return }
      for end in ends { end() }
    }
  }
}
