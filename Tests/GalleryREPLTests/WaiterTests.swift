import Actomaton
import GalleryREPL
import Synchronization
import TestTraits
import Testing

/// The real-time waiter watches its tasks and keeps its timer on the executor it is given (the
/// gallery's event loop), not on the global pool.
@Suite(.hangGuard)
struct WaiterTests {
  /// An event loop that counts the jobs given to it.
  final class CountingLoop: TaskExecutor, Sendable {
    let loop = EventLoopExecutor()
    let jobs = Atomic(0)

    func enqueue(_ job: consuming ExecutorJob) {
      jobs.add(1, ordering: .relaxed)
      loop.enqueue(job)
    }
  }

  @Test func theRealTimeWaiterRunsOnTheExecutorItIsGiven() async {
    let executor = CountingLoop()
    let finished = Task<Void, any Error> {}
    await Waiter.realTime(on: executor).wait([finished], .seconds(300))
    // NOTE: at least the watch of the tasks and the timer started there; on the pool, none.
    #expect(executor.jobs.load(ordering: .relaxed) >= 2)
  }

  @Test func aWaitEndsWhenItsTasksDoWithoutWaitingForItsLimit() async {
    let executor = CountingLoop()
    let work = Task<Void, any Error>(executorPreference: executor) { await Task.yield() }
    let started = ContinuousClock.now
    await Waiter.realTime(on: executor).wait([work], .seconds(3_600))
    // NOTE: the limit is an hour, far past the test's own: only the task's end ends the wait.
    #expect(started.duration(to: .now) < .seconds(600))
  }
}
