import ActomatonTesting
import TestTraits
import Testing

@testable import Actomaton

/// Rule 6: `effectQueueDelay` spaces the start times of one queue's effects, on the actomaton's
/// clock.
@Suite(.hangGuard)
struct QueueDelayTests {
  enum Event: Hashable, Sendable { case started(Int, at: Duration), cancelled(Int) }

  enum Action: Sendable {
    /// Effect `i` records when it starts, waits at gate `i` and feeds back `.done(i)`.
    case run(Int, queue: Spaced? = nil)
    case done(Int)
  }

  struct State: Sendable { var done: [Int] = [] }

  struct Spaced: EffectQueueProtocol {
    var name = "spaced"
    var effectQueuePolicy: EffectQueuePolicy
    var effectQueueDelay: EffectQueueDelay
  }

  /// An actomaton on a manual clock whose effects wait at gates the test opens.
  struct Bench {
    let queue: Spaced
    let clock = TestClock()
    let probe = Probe<Event>()
    let gates = (0..<40).map { _ in Gate() }
    let actomaton: Actomaton<Action, State>

    init(_ policy: EffectQueuePolicy, _ delay: EffectQueueDelay) {
      let queue = Spaced(effectQueuePolicy: policy, effectQueueDelay: delay)
      let (clock, probe, gates) = (clock, probe, gates)
      self.queue = queue
      actomaton = Actomaton(
        state: State(),
        reducer: Reducer { action, state, _ in
          switch action {
          case let .run(i, other):
            return Effect(queue: other ?? queue) {
              await probe.record(.started(i, at: clock.now.offset))
              do {
                try await gates[i].wait()
              } catch {
                await probe.record(.cancelled(i))
                throw error
              }
              return .done(i)
            }
          case let .done(i):
            state.done.append(i)
            return .empty
          }
        },
        clock: clock)
    }

    var events: [Event] { get async { await probe.events } }

    /// Waits until `count` events were recorded or more than `sleepers` effects sleep, so a
    /// wrong schedule fails the test instead of hanging it.
    func settle(events count: Int, sleepers: Int = 0) async throws {
      try await waitUntil { await probe.events.count >= count || clock.sleeperCount > sleepers }
    }

    /// Waits until `count` effects sleep or more than `started` events were recorded.
    func settle(sleepers count: Int, started: Int) async throws {
      try await waitUntil { await probe.events.count > started || clock.sleeperCount >= count }
    }

    func reach(_ count: Int) async throws { try await probe.reach(count) }

    func finish(_ tasks: [Task<Void, any Error>?]) async throws {
      for gate in gates { gate.open() }
      for task in tasks { try await task?.waitOrCancel() }
    }
  }

  @Test func aDelayTooLongOrWideToRepresentIsCappedInsteadOfTrapping() {
    let wide = EffectQueueDelay.random(-Double.greatestFiniteMagnitude...1e300)
    let draws = [.constant(1e300), wide, .random(-.infinity...1)].map { $0.draw() }
    #expect(draws == [.seconds(1e15), .seconds(1e15), .zero], "a non-finite bound counts as zero")
  }

  @Test func firstEffectOfIdleQueueStartsWithoutAdvancingClock() async throws {
    let bench = Bench(.runNewest(maxCount: 5), .constant(10))
    let first = await bench.actomaton.send(.run(0))
    try await bench.settle(events: 1)
    #expect(await bench.events == [.started(0, at: .zero)])
    #expect(bench.clock.sleeperCount == 0)
    bench.gates[0].open()
    try await first?.waitOrCancel()
    // The queue is idle again: the next effect starts at once, whatever the delay.
    await bench.clock.advance(by: .seconds(3))
    let again = await bench.actomaton.send(.run(1))
    try await bench.settle(events: 2)
    #expect(await bench.events.last == .started(1, at: .seconds(3)))
    try await bench.finish([again])
  }

  @Test func constantDelayIsMeasuredFromPreviousScheduledStartNotFromSend() async throws {
    let bench = Bench(.runNewest(maxCount: 5), .constant(1))
    let first = await bench.actomaton.send(.run(0))
    try await bench.settle(events: 1)
    await bench.clock.advance(by: .milliseconds(500))
    let second = await bench.actomaton.send(.run(1))
    try await bench.settle(sleepers: 1, started: 1)
    #expect(await bench.events == [.started(0, at: .zero)])
    await bench.clock.advance(by: .milliseconds(500))
    try #require(bench.clock.sleeperCount == 0, "the second effect is due at 1s, not 1.5s")
    try await bench.reach(2)
    #expect(await bench.events.last == .started(1, at: .seconds(1)))
    try await bench.finish([first, second])
  }

  @Test func laterEffectDoesNotStartBeforeItsTime() async throws {
    let bench = Bench(.runOldest(maxCount: 3, .suspendNew), .constant(2))
    let tasks = [await bench.actomaton.send(.run(0)), await bench.actomaton.send(.run(1))]
    try await bench.settle(sleepers: 1, started: 1)
    try #require(bench.clock.sleeperCount == 1)
    await bench.clock.advance(by: .milliseconds(1500))
    #expect(bench.clock.sleeperCount == 1)
    #expect(await bench.events == [.started(0, at: .zero)])
    await bench.clock.advance(by: .milliseconds(500))
    try #require(bench.clock.sleeperCount == 0)
    try await bench.reach(2)
    #expect(await bench.events.last == .started(1, at: .seconds(2)))
    try await bench.finish(tasks)
  }

  @Test func spacingCountsFromScheduledStartsNotFromLateWakeUps() async throws {
    let bench = Bench(.runNewest(maxCount: 5), .constant(1))
    var tasks: [Task<Void, any Error>?] = []
    for i in 0..<3 { tasks.append(await bench.actomaton.send(.run(i))) }
    try await bench.settle(sleepers: 2, started: 1)
    try #require(bench.clock.sleeperCount == 2)
    // Scheduled at 1s and 2s, both wake at 5s.
    await bench.clock.advance(by: .seconds(5))
    try await bench.reach(3)
    tasks.append(await bench.actomaton.send(.run(3)))
    try await bench.settle(events: 4)
    #expect(await bench.events.last == .started(3, at: .seconds(5)), "max(5s, 2s + 1s) = 5s")
    try await bench.finish(tasks)
  }

  @Test func randomDelayIsDrawnPerEffectWithinBounds() async throws {
    let bench = Bench(.runNewest(maxCount: 40), .random(1...3))
    var tasks: [Task<Void, any Error>?] = []
    for i in 0..<25 { tasks.append(await bench.actomaton.send(.run(i))) }
    try await bench.settle(sleepers: 24, started: 1)
    let deadlines = bench.clock.sleeperDeadlines.map(\.offset)
    try #require(deadlines.count == 24)
    let gaps = zip([Duration.zero] + deadlines, deadlines).map { $1 - $0 }
    let slack = Duration.microseconds(1)
    #expect(gaps.allSatisfy { $0 >= .seconds(1) - slack && $0 <= .seconds(3) + slack })
    #expect(Set(gaps).count > 1, "every effect draws its own delay")
    await bench.clock.advance(by: .seconds(100))
    try await bench.reach(25)
    try await bench.finish(tasks)
    #expect(await bench.actomaton.state.done.count == 25)
  }

  @Test func suspendedEffectDelayIsComputedWhenItLeavesTheLine() async throws {
    let bench = Bench(.runOldest(maxCount: 1, .suspendNew), .constant(1))
    let tasks = [await bench.actomaton.send(.run(0)), await bench.actomaton.send(.run(1))]
    try await bench.settle(events: 1)
    await bench.clock.advance(by: .milliseconds(500))
    bench.gates[0].open()  // the first ends at 0.5s; the second is due at max(0.5s, 0s + 1s)
    try await bench.settle(sleepers: 1, started: 1)
    #expect(await bench.events == [.started(0, at: .zero)])
    await bench.clock.advance(by: .milliseconds(500))
    try #require(bench.clock.sleeperCount == 0, "due at 1s, not 1.5s")
    try await bench.reach(2)
    #expect(await bench.events.last == .started(1, at: .seconds(1)))
    try await bench.finish(tasks)
  }

  @Test func effectsLeavingTheLineLateAreSpacedFromEachOther() async throws {
    let bench = Bench(.runOldest(maxCount: 1, .suspendNew), .constant(1))
    bench.gates[1].open()  // the second effect ends as soon as it starts
    var tasks: [Task<Void, any Error>?] = []
    for i in 0..<3 { tasks.append(await bench.actomaton.send(.run(i))) }
    try await bench.settle(events: 1)
    await bench.clock.advance(by: .seconds(5))
    bench.gates[0].open()
    try await bench.settle(sleepers: 1, started: 2)
    #expect(await bench.events == [.started(0, at: .zero), .started(1, at: .seconds(5))])
    try #require(bench.clock.sleeperCount == 1, "the third waits for max(5s, 5s + 1s)")
    await bench.clock.advance(by: .seconds(1))
    try await bench.reach(3)
    #expect(await bench.events.last == .started(2, at: .seconds(6)))
    try await bench.finish(tasks)
  }

  @Test func delayIsPerQueue() async throws {
    let bench = Bench(.runNewest(maxCount: 5), .constant(10))
    let other = Spaced(
      name: "other", effectQueuePolicy: .runNewest(maxCount: 5), effectQueueDelay: .constant(10))
    var tasks: [Task<Void, any Error>?] = []
    tasks.append(await bench.actomaton.send(.run(0)))
    tasks.append(await bench.actomaton.send(.run(1, queue: other)))
    tasks.append(await bench.actomaton.send(.run(2)))
    try await bench.settle(events: 2, sleepers: 1)
    #expect(Set(await bench.events) == [.started(0, at: .zero), .started(1, at: .zero)])
    try await bench.settle(sleepers: 1, started: 2)
    #expect(bench.clock.sleeperCount == 1)
    await bench.clock.advance(by: .seconds(10))
    try await bench.reach(3)
    #expect(await bench.events.last == .started(2, at: .seconds(10)))
    try await bench.finish(tasks)
  }

  @Test func runNewestWithDelayCancelsRunningEffectAndDelaysTheNewOne() async throws {
    let bench = Bench(.runNewest(maxCount: 1), .constant(1))
    let first = await bench.actomaton.send(.run(0))
    try await bench.settle(events: 1)
    let second = await bench.actomaton.send(.run(1))
    try await bench.settle(events: 2, sleepers: 1)
    #expect(await bench.events == [.started(0, at: .zero), .cancelled(0)])
    try await bench.settle(sleepers: 1, started: 2)
    await bench.clock.advance(by: .seconds(1))
    try await bench.reach(3)
    #expect(await bench.events.last == .started(1, at: .seconds(1)))
    try await bench.finish([first, second])
    #expect(await bench.actomaton.state.done == [1])
  }
}
