import ActomatonTesting
import Testing

@testable import Actomaton

extension TestClock {
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
