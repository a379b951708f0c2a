import Dispatch
import TestTraits

@testable import Actomaton

/// A gate that ignores cancellation: a body waiting here stays inside until the test opens it,
/// as a body in an uncancellable section (a file write) does.
final class UncancellableGate: Sendable {
  private let storage = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isOpen = storage.withLock { storage in
        if !storage.isOpen { storage.waiters.append(continuation) }
        return storage.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = storage.withLock { storage in
      storage.isOpen = true
      defer { storage.waiters = [] }
      return storage.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Holds a thread (and so an actor whose reducer calls ``hold()``) until the test releases it.
final class ThreadLatch: Sendable {
  private let entered = Locked(false)
  private let release = DispatchSemaphore(value: 0)

  /// Blocks the calling thread until ``release()``; the limit only guards against a hang.
  func hold() {
    entered.withLock { $0 = true }
    _ = release.wait(timeout: .hangStop)
  }

  var isHeld: Bool { entered.withLock { $0 } }

  func letGo() { release.signal() }
}

/// A task executor with a thread of its own: an actor entered from a task that prefers it runs
/// there, so a test can hold that actor busy without taking a thread from the shared pool.
///
/// A held executor keeps its jobs until ``release()``, so a test can act before any of them runs.
final class OwnThreadExecutor: TaskExecutor, Sendable {
  private let queue = DispatchQueue(label: "ActomatonTests.OwnThreadExecutor")
  private let held: Locked<[UnownedJob]?>

  init(held: Bool = false) {
    self.held = Locked(held ? [] : nil)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let isHeld = held.withLock { jobs in
      jobs?.append(job)
      return jobs != nil
    }
    if !isHeld { run(job) }
  }

  /// Runs the jobs kept so far, and from now on every job as it comes.
  func release() {
    let jobs = held.withLock { jobs in
      defer { jobs = nil }
      return jobs ?? []
    }
    for job in jobs { run(job) }
  }

  private func run(_ job: UnownedJob) {
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

extension Actomaton {
  /// How many effects of `queue` hold a slot (running, or cancelled with their body still
  /// running) and how many wait.
  func queueCounts(_ queue: any EffectQueueProtocol) -> (running: Int, waiting: Int) {
    guard let state = ledger.queues[ErasedKey(base: queue)] else { return (0, 0) }
    return (state.running.count, state.waiting.count)
  }
}
