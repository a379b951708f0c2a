import Testing

@testable import Actomaton

/// A clock for these tests: time moves only when a test advances it.
///
/// Deadlines are absolute, so a sleeper that registers after time has passed its deadline returns
/// at once; tests synchronise with effects through `Probe` signals, never by waiting in real time.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Storage {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
  }

  private let storage = Locked(Storage())

  var now: Instant { storage.withLock { $0.now } }
  var minimumResolution: Duration { .zero }
  var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Bool = storage.withLock { storage in
          if deadline <= storage.now || Task.isCancelled { return true }
          storage.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let sleeper: Sleeper? = storage.withLock { storage in
        guard let index = storage.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return storage.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes, in deadline order, every sleeper that is due.
  func advance(by duration: Duration) {
    let due: [Sleeper] = storage.withLock { storage in
      storage.now = storage.now.advanced(by: duration)
      let now = storage.now
      let due = storage.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      storage.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Waits (cooperatively) until `count` sleepers are registered; fails the test at the caller
  /// if that never happens.
  func waitForSleepers(
    _ count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await waitUntil("\(count) sleeper(s) on the clock", sourceLocation: sourceLocation) {
      self.sleeperCount >= count
    }
  }
}

/// Collects events from effects, and lets a test wait for a given number of them.
actor Probe<Event: Sendable & Equatable> {
  private(set) var events: [Event] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  func record(_ event: Event) {
    events.append(event)
    let ready = waiters.filter { $0.count <= events.count }
    waiters.removeAll { $0.count <= events.count }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once at least `count` events were recorded, however long that takes: tests wait
  /// with `waitFor(_:)` or `reach(_:)`, which stop a hang.
  func arrival(of count: Int) async {
    if events.count >= count { return }
    await withCheckedContinuation { waiters.append((count, $0)) }
  }
}

/// A gate that effects wait at until the test opens it; never waits in real time.
final class Gate: Sendable {
  private struct Storage {
    var isOpen = false
    var nextID = 0
    var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
  }

  private let storage = Locked(Storage())

  /// Waits until the gate opens; throws `CancellationError` if the task is cancelled first.
  func wait() async throws {
    let id = storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let open = storage.withLock { storage in
          let proceed = storage.isOpen || Task.isCancelled
          if !proceed { storage.waiters[id] = continuation }
          return proceed
        }
        if open { continuation.resume() }
      }
    } onCancel: {
      let waiter = storage.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.resume(throwing: CancellationError())
    }
    try Task.checkCancellation()
  }

  func open() {
    let waiters = storage.withLock { storage in
      storage.isOpen = true
      defer { storage.waiters = [:] }
      return storage.waiters
    }
    for waiter in waiters.values { waiter.resume() }
  }
}

struct TestError: Error, Equatable {
  var message = "boom"
}

extension ManualClock {
  /// The deadlines of the registered sleepers, as offsets from the clock's origin, earliest first.
  var sleeperDeadlines: [Duration] {
    storage.withLock { $0.sleepers.map(\.deadline.offset).sorted() }
  }
}
