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

  /// Waits until a change was announced (at once if it already was).
  func changed() async {
    if fired { return }
    await withCheckedContinuation { waiter = $0 }
  }

  private func fire() {
    fired = true
    waiter?.resume()
    waiter = nil
  }
}
