import Actomaton
import ActomatonTesting
import Locking
import Synchronization
import TestTraits
import Testing

@testable import ActomatonREPL
@testable import GalleryApp

/// The one waiter: a wait ends when its tasks do, at its limit, or at a signal; the limits share
/// one timer; its timer and its watch of the tasks run on the executor it is given.
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
    await Waiter(clock: ContinuousClock(), executor: executor).wait(
      for: [finished], atMost: .seconds(300))
    // NOTE: at least the watch of the tasks and the timer started there; on the pool, none.
    #expect(executor.jobs.load(ordering: .relaxed) >= 2)
  }

  @Test func aWaitEndsWhenItsTasksDoWithoutWaitingForItsLimit() async {
    let executor = CountingLoop()
    let work = Task<Void, any Error>(executorPreference: executor) { await Task.yield() }
    let started = ContinuousClock.now
    await Waiter(clock: ContinuousClock(), executor: executor).wait(
      for: [work], atMost: .seconds(3_600))
    // NOTE: the limit is an hour, far past the test's own: only the task's end ends the wait.
    #expect(started.duration(to: .now) < .seconds(600))
  }

  /// A waiter on a test clock, a task that never ends until the test does, and the waits ended.
  final class Bench: Sendable {
    let clock = TestClock()
    let waiter: Waiter
    let ended = Locked<[String]>([])
    let (gate, opening) = AsyncStream<Void>.makeStream()
    let endless: Task<Void, any Error>

    init() {
      waiter = Waiter(clock: clock, executor: clock.executor)
      let gate = gate
      endless = Task { for await _ in gate {} }
    }

    func wait(_ name: String, _ limit: Duration, breakable: Bool = false) {
      Task(executorPreference: clock.executor) { [self] in
        await waiter.wait(for: [endless], atMost: limit, breakable: breakable)
        ended.withLock { $0.append(name) }
      }
    }

    deinit { opening.finish() }
  }

  @Test func aWaitEndsWhenItsLimitHasPassedAndNotBefore() async {
    let bench = Bench()
    bench.wait("a", .seconds(1))
    await bench.clock.advance(by: .milliseconds(999))
    #expect(bench.ended.withLock { $0 } == [])
    await bench.clock.advance(by: .milliseconds(1))
    #expect(bench.ended.withLock { $0 } == ["a"])
    #expect(bench.clock.sleeperCount == 0, "no timer is left once no wait is")
  }

  @Test func manyWaitsShareOneTimerAndEachEndsAtItsOwnLimit() async {
    let bench = Bench()
    for second in 1...50 { bench.wait("\(second)", .seconds(second)) }
    await bench.clock.advance()
    #expect(bench.clock.sleeperCount == 1)
    await bench.clock.advance(by: .seconds(2))
    #expect(bench.ended.withLock { $0 } == ["1", "2"])
    #expect(bench.clock.sleeperCount == 1)
    await bench.clock.advance(by: .seconds(48))
    #expect(bench.ended.withLock { $0 }.count == 50)
  }

  @Test func anEarlierLimitIsNotLeftWaitingBehindALaterOne() async {
    let bench = Bench()
    bench.wait("late", .seconds(3_600))
    await bench.clock.advance()
    bench.wait("early", .seconds(1))
    await bench.clock.advance(by: .seconds(1))
    #expect(bench.ended.withLock { $0 } == ["early"])
    await bench.clock.advance(by: .seconds(3_599))
    #expect(bench.ended.withLock { $0 } == ["early", "late"])
  }

  @Test func aSignalEndsTheBreakableWaitsAndThoseBegunBeforeItIsHandled() async {
    let bench = Bench()
    bench.wait("wait 3600", .seconds(3_600), breakable: true)
    bench.wait("a save", .seconds(5))
    await bench.clock.advance()
    bench.waiter.signal()
    await bench.clock.advance()
    #expect(bench.ended.withLock { $0 } == ["wait 3600"])
    bench.wait("read ahead", .seconds(3_600), breakable: true)
    await bench.clock.advance()
    #expect(bench.ended.withLock { $0 } == ["wait 3600", "read ahead"])
    bench.waiter.handled()
    bench.wait("after", .seconds(1), breakable: true)
    await bench.clock.advance(by: .seconds(1))
    await bench.clock.advance(by: .seconds(5))
    #expect(bench.ended.withLock { $0 } == ["wait 3600", "read ahead", "after", "a save"])
  }
}
