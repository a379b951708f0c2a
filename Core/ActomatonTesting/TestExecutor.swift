import Actomaton
import Dispatch

/// A task executor that runs jobs one at a time and knows when it has nothing left to run.
///
/// Effects of an actomaton created with this executor (and the actors they hop to) run here, so a
/// test can wait with ``settle()`` until every piece of work they started has run as far as it can:
/// finished, or suspended on something outside the executor, such as a ``TestClock`` sleep.
///
/// Settling is bounded: work that keeps the executor busy forever (an effect feeding back without
/// ever sleeping on the test clock) makes ``settle()`` return `false` after ``jobLimit`` jobs,
/// instead of hanging the test.
public final class TestExecutor: TaskExecutor, Sendable {
  private struct Waiter {
    let continuation: CheckedContinuation<Bool, Never>
    /// The value of `jobsRun` at which the waiter gives up.
    let limit: UInt64
  }

  private struct Storage {
    var pending = 0
    var jobsRun: UInt64 = 0
    var jobLimit = 100_000
    var waiters: [Waiter] = []
  }

  private let queue = DispatchQueue(label: "ActomatonTesting.TestExecutor")
  private let storage = Locked(Storage())

  /// Creates an executor with its own serial queue.
  public init() {}

  /// How many jobs one ``settle()`` lets run before it gives up and returns `false`: the bound on
  /// work that never stops (100,000 by default; a settling effect runs a few jobs per action).
  public var jobLimit: Int {
    get { storage.withLock { $0.jobLimit } }
    set { storage.withLock { $0.jobLimit = max(1, newValue) } }
  }

  /// Schedules a job; it runs after the jobs scheduled before it.
  ///
  /// - Parameter job: The job to run on the executor's serial queue.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    storage.withLock { $0.pending += 1 }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      let resumed = self.storage.withLock { storage in
        storage.pending -= 1
        storage.jobsRun += 1
        var resumed: [(CheckedContinuation<Bool, Never>, Bool)] = []
        if storage.pending == 0 {
          resumed = storage.waiters.map { ($0.continuation, true) }
          storage.waiters = []
        } else if storage.waiters.contains(where: { $0.limit <= storage.jobsRun }) {
          let jobsRun = storage.jobsRun
          resumed = storage.waiters.filter { $0.limit <= jobsRun }.map { ($0.continuation, false) }
          storage.waiters.removeAll { $0.limit <= jobsRun }
        }
        return resumed
      }
      for (waiter, settled) in resumed { waiter.resume(returning: settled) }
    }
  }

  /// Waits until no job is queued or running, and returns `true`; returns `false` instead once
  /// ``jobLimit`` jobs have run while waiting, when something keeps the executor busy forever.
  ///
  /// - Returns: Whether the executor became idle; `false` when the job limit was reached first.
  @discardableResult
  public func settle() async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let idle = storage.withLock { storage in
        if storage.pending > 0 {
          let limit = storage.jobsRun + UInt64(storage.jobLimit)
          storage.waiters.append(Waiter(continuation: continuation, limit: limit))
        }
        return storage.pending == 0
      }
      if idle { continuation.resume(returning: true) }
    }
  }
}
