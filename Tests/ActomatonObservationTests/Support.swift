import Observation

/// Observes what `read` reads, once, as `withObservationTracking` does; ``changed()`` returns once
/// something it read is about to change.
@MainActor
final class Tracker {
  private(set) var fired = false
  private var waiter: CheckedContinuation<Void, Never>?

  init(_ read: () -> Void) {
    withObservationTracking(read) { [weak self] in
      // NOTE: the mirror changes on the main actor, and `onChange` runs where the change is made.
      MainActor.assumeIsolated { self?.fire() }
    }
  }

  /// Waits until a change was announced (at once if it already was), or the test's time limit.
  func changed() async {
    if fired { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiter = $0 }
    } onCancel: {
      Task { @MainActor in self.giveUp() }
    }
  }

  private func giveUp() {
    waiter?.resume()
    waiter = nil
  }

  private func fire() {
    fired = true
    waiter?.resume()
    waiter = nil
  }
}

/// Waits for a task to end; at the test's time limit, cancels it so that the run goes on.
func waitForEnd(of task: Task<Void, Never>?) async {
  await withTaskCancellationHandler {
    await task?.value
  } onCancel: {
    task?.cancel()
  }
}
