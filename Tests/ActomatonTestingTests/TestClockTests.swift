import ActomatonTesting
import Testing

@testable import Actomaton

@Suite struct TestClockTests {
  @Test func advanceWakesSleepersInDeadlineOrderAndLetsTheirWorkSettle() async {
    let clock = TestClock()
    let log = Locked<[String]>([])
    for (name, seconds) in [("c", 3), ("a", 1), ("b", 2)] {
      Task(executorPreference: clock.executor) {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(seconds)))
        log.withLock { $0.append("\(name) woke") }
        await Task.yield()
        log.withLock { $0.append("\(name) done") }
      }
    }
    await clock.advance(by: .seconds(2))
    #expect(log.withLock { $0 } == ["a woke", "a done", "b woke", "b done"])
    #expect(clock.now == .init(offset: .seconds(2)))
    await clock.advance(by: .seconds(1))
    #expect(log.withLock { $0 }.suffix(2) == ["c woke", "c done"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func workChainedThroughAnActorSettlesBeforeAdvanceReturns() async {
    actor Counter {
      var value = 0
      func increment() { value += 1 }
    }
    let clock = TestClock()
    let counter = Counter()
    Task(executorPreference: clock.executor) {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        for _ in 0..<10 { await counter.increment() }
      }
    }
    await clock.advance(by: .seconds(1))
    #expect(await counter.value == 10)
    await clock.advance(by: .seconds(2))
    #expect(await counter.value == 30)
  }

  @Test func cancellingASleeperThrowsCancellationErrorAtOnce() async {
    let clock = TestClock()
    let task = Task(executorPreference: clock.executor) {
      try await clock.sleep(for: .seconds(60))
    }
    await clock.executor.settle()
    #expect(clock.sleeperCount == 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == .init(offset: .zero), "time did not move")
  }

  @Test func sleepingUntilAPastDeadlineReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: .init(offset: .seconds(3)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func advanceNeverMovesTimeBackwards() async {
    let clock = TestClock(now: .init(offset: .seconds(10)))
    await clock.advance(to: .init(offset: .seconds(4)))
    #expect(clock.now == .init(offset: .seconds(10)))
  }

  @Test func runAdvancesUntilNoSleeperIsLeft() async {
    let clock = TestClock()
    let ticks = Locked(0)
    Task(executorPreference: clock.executor) {
      for _ in 0..<5 {
        try await clock.sleep(for: .milliseconds(300))
        ticks.withLock { $0 += 1 }
      }
    }
    await clock.run()
    #expect(ticks.withLock { $0 } == 5)
    #expect(clock.now == .init(offset: .milliseconds(1500)))
  }

  @Test func runStopsAfterMaxStepsForEndlessTimers() async {
    let clock = TestClock()
    let task = Task(executorPreference: clock.executor) {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.run(maxSteps: 7)
    #expect(clock.now == .init(offset: .seconds(7)))
    task.cancel()
  }

  @Test func immediateClockReturnsAtOnceAndJumpsTime() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(100))
    try await clock.sleep(for: .seconds(20))
    #expect(clock.now == .init(offset: .seconds(120)))
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
