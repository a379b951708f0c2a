import Actomaton
import Dispatch

/// A task executor that runs jobs one at a time and knows when it has nothing left to run.
///
/// Effects of an actomaton created with this executor (and the actors they hop to) run here, so a
/// test can wait with ``settle()`` until every piece of work they started has run as far as it can:
/// finished, or suspended on something outside the executor, such as a ``TestClock`` sleep.
public final class TestExecutor: TaskExecutor, Sendable {
  private struct Storage {
    var pending = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let queue = DispatchQueue(label: "ActomatonTesting.TestExecutor")
  private let storage = Locked(Storage())

  /// Creates an executor with its own serial queue.
  public init() {}

  /// Schedules a job; it runs after the jobs scheduled before it.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    storage.withLock { $0.pending += 1 }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      let waiters = self.storage.withLock { storage in
        storage.pending -= 1
        guard storage.pending == 0 else { return [CheckedContinuation<Void, Never>]() }
        defer { storage.waiters = [] }
        return storage.waiters
      }
      for waiter in waiters { waiter.resume() }
    }
  }

  /// Returns once no job is queued or running.
  public func settle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let idle = storage.withLock { storage in
        if storage.pending > 0 { storage.waiters.append(continuation) }
        return storage.pending == 0
      }
      if idle { continuation.resume() }
    }
  }
}
