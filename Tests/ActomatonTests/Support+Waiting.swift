import TestTraits
import Testing

@testable import Actomaton

// NOTE: every wait here has a limit that only stops a hang (what they wait for comes after a few
// yields, or at once on a test clock's advance); it times nothing. Past it, an issue naming what
// was awaited is recorded at the caller, so a broken runtime fails the test instead of hanging
// the suite, which most suites' lack of a time limit would let it do.

/// Thrown by the waits here when what they waited for never came.
struct WaitTimedOut: Error, CustomStringConvertible {
  let description: String
}

/// Waits, yielding, until `condition` holds; past `limit` records an issue at the caller naming
/// `awaited` (or where it was awaited) and throws ``WaitTimedOut``. Throws `CancellationError`
/// if the test is cancelled.
func waitUntil(
  _ awaited: String? = nil, within limit: Duration = .hangStop,
  sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool
) async throws {
  let deadline = ContinuousClock.now + limit
  while await !condition() {
    try Task.checkCancellation()
    guard ContinuousClock.now < deadline else {
      let what = awaited ?? "the condition awaited at \(sourceLocation)"
      throw timedOut("waitUntil", what, limit, sourceLocation)
    }
    await Task.yield()
  }
}

/// Runs `operation` in a task of its own and waits for it, at most `limit`: past it, or once the
/// test is cancelled, the task is cancelled and left behind, and the wait throws (past the limit,
/// ``WaitTimedOut`` with an issue recorded at the caller).
func waitBounded(
  _ name: String, _ awaited: String, within limit: Duration = .hangStop,
  sourceLocation: SourceLocation, _ operation: @escaping @Sendable () async throws -> Void
) async throws {
  typealias Waiter = CheckedContinuation<Void, any Error>
  let slot = Locked<(outcome: Result<Void, any Error>?, waiter: Waiter?)>((nil, nil))
  let finish = { @Sendable (outcome: Result<Void, any Error>) in
    let waiter = slot.withLock { slot -> Waiter? in
      guard slot.outcome == nil else { return nil }
      slot.outcome = outcome
      defer { slot.waiter = nil }
      return slot.waiter
    }
    waiter?.resume(with: outcome)
  }
  let work = Task {
    do {
      try await operation()
      finish(.success(()))
    } catch {
      finish(.failure(error))
    }
  }
  let watchdog = Task {
    try await Task.sleep(for: limit)
    finish(.failure(HangStop()))
  }
  defer { watchdog.cancel() }
  do {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (waiter: Waiter) in
        let outcome = slot.withLock { slot in
          if slot.outcome == nil { slot.waiter = waiter }
          return slot.outcome
        }
        if let outcome { waiter.resume(with: outcome) }
      }
    } onCancel: {
      finish(.failure(CancellationError()))
    }
  } catch is HangStop {
    work.cancel()
    throw timedOut(name, awaited, limit, sourceLocation)
  } catch {
    work.cancel()
    throw error
  }
}

private struct HangStop: Error {}

private func timedOut(
  _ name: String, _ awaited: String, _ limit: Duration, _ sourceLocation: SourceLocation
) -> WaitTimedOut {
  let message = "\(name): gave up waiting for \(awaited) after \(limit)"
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  return WaitTimedOut(description: message)
}

extension Task where Success == Void, Failure == any Error {
  /// Waits for the task; if it does not end within the hang stop, or the test is cancelled,
  /// cancels it too and throws.
  func waitOrCancel(
    within limit: Duration = .hangStop, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    do {
      try await waitBounded(
        "waitOrCancel", "the task's end", within: limit, sourceLocation: sourceLocation
      ) { try await value }
    } catch {
      cancel()
      throw error
    }
  }
}

extension Probe {
  /// Returns once at least `count` events were recorded; past the hang stop, or once the test
  /// is cancelled, throws (leaving the inner wait behind).
  nonisolated func reach(
    _ count: Int, within limit: Duration = .hangStop,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await waitBounded(
      "Probe", "\(count) event(s)", within: limit, sourceLocation: sourceLocation
    ) { await self.arrival(of: count) }
  }

  /// `reach(_:)` for a caller that goes on regardless: a hang stop is recorded as an issue, and
  /// what the test checks next fails.
  nonisolated func waitFor(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    try? await reach(count, sourceLocation: sourceLocation)
  }
}
