import Dispatch

/// A task executor on one serial dispatch queue: with `--one-executor`, W2–W4 run their measuring
/// task, the actomaton and its effects here, one job at a time, to tell the cost of the work
/// from the cost of handing it between the pool's threads.
final class QueueExecutor: TaskExecutor, Sendable {
  private let queue = DispatchQueue(label: "Benchmarks.QueueExecutor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
