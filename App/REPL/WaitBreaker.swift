import Actomaton

/// Lets a signal end the wait of the command running (`wait 3600`), which would otherwise hold
/// the REPL's loop, and every signal queued behind it, until its limit.
///
/// A signal trips it: the wait running returns at once, and so does every wait begun before the
/// loop has handled that signal (lines read ahead of it run first).
final class WaitBreaker: Sendable {
  private struct State {
    var unhandledSignals = 0
    var pending: [UInt64: @Sendable () -> Void] = [:]
    var lastID: UInt64 = 0
  }

  private let state = Locked(State())

  /// A signal came: ends the waits running, and those begun before `handled`.
  func trip() {
    let stops = state.withLock { state in
      state.unhandledSignals += 1
      defer { state.pending = [:] }
      return Array(state.pending.values)
    }
    for stop in stops { stop() }
  }

  /// The loop has handled one signal.
  func handled() {
    state.withLock { $0.unhandledSignals = max($0.unhandledSignals - 1, 0) }
  }

  /// Runs `body` (a wait) until it returns or the breaker trips; cancels it when tripped.
  func run(
    executor: (any TaskExecutor)?, _ body: @escaping @Sendable () async -> Void
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumed = Locked(false)
      let task = Task(executorPreference: executor) { await body() }
      let resume: @Sendable () -> Void = {
        let isFirst = resumed.withLock { value in
          defer { value = true }
          return !value
        }
        if isFirst { continuation.resume() }
      }
      let id = state.withLock { state -> UInt64? in
        guard state.unhandledSignals == 0 else { return nil }
        state.lastID += 1
        state.pending[state.lastID] = {
          task.cancel()
          resume()
        }
        return state.lastID
      }
      guard let id else {
        task.cancel()
        return resume()
      }
      Task(executorPreference: executor) { [state] in
        await task.value
        state.withLock { _ = $0.pending.removeValue(forKey: id) }
        resume()
      }
    }
  }
}
