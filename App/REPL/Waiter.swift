import Actomaton

/// How the REPL waits for effects: in real time, or by driving a test clock.
public struct Waiter: Sendable {
  /// Waits until every task has finished, or until `limit` has passed.
  public let wait: @Sendable (_ tasks: [Task<Void, any Error>], _ limit: Duration) async -> Void

  /// Whether a signal may end a wait early (`WaitBreaker`): in real time; a test clock's waits
  /// run inline, as the clock expects.
  let isInterruptible: Bool

  public init(
    wait: @escaping @Sendable (_ tasks: [Task<Void, any Error>], _ limit: Duration) async -> Void
  ) {
    self.init(isInterruptible: false, wait: wait)
  }

  init(
    isInterruptible: Bool,
    wait: @escaping @Sendable (_ tasks: [Task<Void, any Error>], _ limit: Duration) async -> Void
  ) {
    self.isInterruptible = isInterruptible
    self.wait = wait
  }

  /// Waits in real time, at most `limit`; returns at once when cancelled (a signal broke it).
  public static let realTime = realTime(on: nil)

  /// Waits in real time, as ``realTime``, with its timer and its watch of the tasks run on
  /// `executor` (the engine's event loop; `nil`: the global pool).
  // NOTE: on the engine's own executor, a command's wait costs no thread of the pool woken and
  // no handoff back: the gallery waits for a task after every todo command (its reload).
  public static func realTime(on executor: (any TaskExecutor)?) -> Waiter {
    let deadlines = WaitDeadlines(clock: ContinuousClock(), executor: executor)
    return Waiter(isInterruptible: true) { tasks, limit in
      guard !tasks.isEmpty else { return }
      let pending = Locked<CheckedContinuation<Void, Never>?>(nil)
      let isCancelled = Locked(false)
      let resume: @Sendable () -> Void = {
        pending.withLock { value in
          value?.resume()
          value = nil
        }
      }
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let cancelled = isCancelled.withLock { isCancelled in
            pending.withLock { $0 = continuation }
            return isCancelled
          }
          if cancelled { return resume() }
          let deadline = deadlines.add(after: limit, end: resume)
          Task(executorPreference: executor) {
            for task in tasks { _ = try? await task.value }
            deadlines.remove(deadline)
            resume()
          }
        }
      } onCancel: {
        isCancelled.withLock { $0 = true }
        resume()
      }
    }
  }
}
