import TestTraits
import Testing

@testable import Actomaton

/// Rule 5: what `runNewest` and `runOldest` queues do with effects beyond their capacity.
@Suite(.hangGuard)
struct QueuePolicyTests {
  enum Event: Hashable, Sendable { case started(Int), cancelled(Int), priority(Int, UInt8) }

  /// How a gated body ends once its gate opens (or it is cancelled).
  enum Ending: Sendable { case returns, throwsError, returnsEvenIfCancelled }

  enum Action: Sendable {
    /// Effect `i` on the bench queue (or `queue`): records `.started(i)`, waits at gate `i`, then
    /// feeds back `.done(i)`; when cancelled it records `.cancelled(i)`.
    case run(Int, Ending = .returns, queue: (any EffectQueueProtocol)? = nil)
    /// The same body, in no queue.
    case unqueued(Int)
    /// Effect `i` on the bench queue records its priority and feeds back `.done(i)`.
    case measure(Int)
    /// An effect on the bench queue that feeds back `.unqueued(child)`.
    case spawn(child: Int)
    case cancel(Int)
    case done(Int)
  }

  struct State: Sendable { var done: [Int] = [] }
  struct ID: EffectIDProtocol { var value: Int }

  struct Queue: EffectQueueProtocol {
    var name = "bench"
    var policy: EffectQueuePolicy
    var effectQueuePolicy: EffectQueuePolicy { policy }
  }

  struct Named: Newest1EffectQueueProtocol { var name: String }
  struct OtherNamed: Newest1EffectQueueProtocol { var name: String }

  struct Occupancy: Equatable { var running = 0, waiting = 0 }

  /// An actomaton whose effects wait at gates the test opens, in a queue with `policy`.
  struct Bench {
    let queue: Queue
    let probe = Probe<Event>()
    let gates = (0..<16).map { _ in Gate() }
    let log = EventLog<any Error>()
    let actomaton: Actomaton<Action, State>

    init(_ policy: EffectQueuePolicy) {
      let queue = Queue(policy: policy)
      let (probe, gates, log) = (probe, gates, log)
      self.queue = queue
      actomaton = Actomaton(
        state: State(),
        reducer: Reducer { action, state, _ in
          func gated(_ i: Int, _ ending: Ending, _ queue: (any EffectQueueProtocol)?)
            -> Effect<Action>
          {
            Effect(id: ID(value: i), queue: queue) {
              await probe.record(.started(i))
              do {
                try await gates[i].wait()
              } catch {
                await probe.record(.cancelled(i))
                guard case .returnsEvenIfCancelled = ending else { throw error }
              }
              if case .throwsError = ending { throw TestError() }
              return .done(i)
            }
          }
          switch action {
          case let .run(i, ending, other): return gated(i, ending, other ?? queue)
          case let .unqueued(i): return gated(i, .returns, nil)
          case let .measure(i):
            return Effect(queue: queue) {
              await probe.record(.priority(i, Task.currentPriority.rawValue))
              return .done(i)
            }
          case let .spawn(child):
            return Effect(queue: queue) { .unqueued(child) }
          case let .cancel(i): return .cancel(id: ID(value: i))
          case let .done(i):
            state.done.append(i)
            return .empty
          }
        },
        onError: { log.append($0) })
    }

    var events: [Event] { get async { await probe.events } }
    var occupancy: Occupancy { get async { await actomaton.benchOccupancy(of: queue) } }

    @discardableResult
    func send(_ action: Action, priority: TaskPriority? = nil, tracksFeedbacks: Bool = false)
      async -> Task<Void, any Error>?
    {
      await actomaton.send(action, priority: priority, tracksFeedbacks: tracksFeedbacks)
    }

    func reach(_ count: Int) async throws { try await probe.reach(count) }

    func finish(_ tasks: [Task<Void, any Error>?]) async throws {
      for gate in gates { gate.open() }
      for task in tasks { try await task?.waitOrCancel() }
    }
  }

  // MARK: - runNewest

  @Test func runNewestMaxCount1CancelsRunningEffectAndDropsItsLateAction() async throws {
    let bench = Bench(.runNewest(maxCount: 1))
    let first = await bench.send(.run(0, .returnsEvenIfCancelled))
    try await bench.reach(1)
    let second = await bench.send(.run(1, .returnsEvenIfCancelled))
    try await bench.reach(3)
    #expect(Set(await bench.events) == [.started(0), .started(1), .cancelled(0)])
    try await bench.finish([first, second])
    #expect(await bench.actomaton.state.done == [1])
    #expect(await bench.occupancy == Occupancy())
  }

  @Test func runNewestMaxCount3CancelsOldestBeyondTwoOthers() async throws {
    let bench = Bench(.runNewest(maxCount: 3))
    var tasks: [Task<Void, any Error>?] = []
    for i in 0..<5 {
      tasks.append(await bench.send(.run(i)))
      try await bench.reach(i < 3 ? i + 1 : 2 * i - 1)  // from the 4th on, one is cancelled
    }
    let cancelled = Set(await bench.events).subtracting((0..<5).map { .started($0) })
    #expect(cancelled == [.cancelled(0), .cancelled(1)])
    #expect(await bench.occupancy == Occupancy(running: 3))
    try await bench.finish(tasks)
    #expect(await bench.actomaton.state.done.sorted() == [2, 3, 4])
    #expect(await bench.events.count == 7)
  }

  // MARK: - runOldest, discardNew

  @Test func runOldestMaxCount1DiscardsNewEffectWithoutRunningIt() async throws {
    let bench = Bench(.runOldest(maxCount: 1, .discardNew))
    let first = await bench.send(.run(0))
    try await bench.reach(1)
    let dropped = await bench.send(.run(1))
    #expect(dropped == nil, "send returns nil when its only effect is discarded")
    #expect(await bench.occupancy == Occupancy(running: 1))
    #expect(await bench.actomaton.benchEffectCount() == 1)
    try await bench.finish([first, dropped])
    try await bench.finish([await bench.send(.run(2))])
    #expect(await bench.events == [.started(0), .started(2)])
    #expect(await bench.actomaton.state.done == [0, 2])
  }

  @Test func runOldestMaxCount3DiscardsWhileThreeRunAndAcceptsOnceOneEnds() async throws {
    let bench = Bench(.runOldest(maxCount: 3, .discardNew))
    var tasks = [await bench.send(.run(0)), await bench.send(.run(1)), await bench.send(.run(2))]
    try await bench.reach(3)
    #expect(await bench.send(.run(3)) == nil)
    #expect(await bench.send(.run(4)) == nil)
    #expect(await bench.occupancy == Occupancy(running: 3))
    bench.gates[1].open()
    try await tasks[1]?.waitOrCancel()
    tasks.append(await bench.send(.run(5)))
    try await bench.reach(4)
    #expect(await bench.events.last == .started(5))
    try await bench.finish(tasks)
    #expect(Set(await bench.events) == Set([0, 1, 2, 5].map { .started($0) }))
    #expect(await bench.actomaton.state.done.sorted() == [0, 1, 2, 5])
  }

  // MARK: - runOldest, suspendNew

  @Test func runOldestMaxCount1StartsNextWhenOneReturnsThrowsOrIsCancelled() async throws {
    let bench = Bench(.runOldest(maxCount: 1, .suspendNew))
    let tasks = [
      await bench.send(.run(0)), await bench.send(.run(1, .throwsError)),
      await bench.send(.run(2)), await bench.send(.run(3)),
    ]
    try await bench.reach(1)
    #expect(await bench.occupancy == Occupancy(running: 1, waiting: 3))
    #expect(await bench.events == [.started(0)])
    bench.gates[0].open()  // 0 returns
    try await bench.reach(2)
    #expect(await bench.events == [.started(0), .started(1)])
    bench.gates[1].open()  // 1 throws
    try await bench.reach(3)
    #expect(await bench.events == [.started(0), .started(1), .started(2)])
    await bench.send(.cancel(2))  // 2 is cancelled
    try await bench.reach(5)
    #expect(Set(await bench.events.suffix(2)) == [.cancelled(2), .started(3)])
    await #expect(throws: TestError.self) { try await tasks[1]?.waitOrCancel() }
    try await bench.finish([tasks[0], tasks[2], tasks[3]])
    #expect(await bench.actomaton.state.done == [0, 3])
    #expect(bench.log.entries.count == 1)
    #expect(bench.log.entries.first is TestError)
  }

  @Test func runOldestMaxCount3SuspendsNewEffectsAndStartsThemInOrder() async throws {
    let bench = Bench(.runOldest(maxCount: 3, .suspendNew))
    var tasks: [Task<Void, any Error>?] = []
    for i in 0..<6 { tasks.append(await bench.send(.run(i))) }
    try await bench.reach(3)
    #expect(Set(await bench.events) == [.started(0), .started(1), .started(2)])
    #expect(await bench.occupancy == Occupancy(running: 3, waiting: 3))
    for (count, finishing) in [(4, 1), (5, 0), (6, 2)] {
      bench.gates[finishing].open()
      try await bench.reach(count)
      #expect(await bench.events.count == count)
      #expect(await bench.events.last == .started(count - 1))
    }
    try await bench.finish(tasks)
    #expect(await bench.actomaton.state.done.sorted() == Array(0..<6))
  }

  /// Counts the bodies running at once, and the effects that overtook others: with `maxCount`
  /// slots and FIFO starts, when effect `i` starts, all but `maxCount - 1` effects before it ended.
  final class LoadTracker: Sendable {
    struct Report { var running = 0, maxRunning = 0, started: [Int] = [], overtakers: [Int] = [] }
    private let storage: Locked<(report: Report, ended: [Bool])>
    private let maxCount: Int

    init(count: Int, maxCount: Int) {
      storage = Locked((Report(), Array(repeating: false, count: count)))
      self.maxCount = maxCount
    }

    func begin(_ i: Int) {
      storage.withLock { storage in
        storage.report.running += 1
        storage.report.maxRunning = max(storage.report.maxRunning, storage.report.running)
        storage.report.started.append(i)
        let ended = storage.ended[..<i].count(where: { $0 })
        if ended < i - (maxCount - 1) { storage.report.overtakers.append(i) }
      }
    }

    func end(_ i: Int) {
      storage.withLock { storage in
        storage.report.running -= 1
        storage.ended[i] = true
      }
    }

    var report: Report { storage.withLock { $0.report } }
  }

  @Test(arguments: [(1, 60), (4, 320)])
  func suspendNewUnderLoadRunsEveryEffectInFifoOrderWithinMaxCount(maxCount: Int, count: Int)
    async throws
  {
    let tracker = LoadTracker(count: count, maxCount: maxCount)
    let queue = Queue(name: "load", policy: .runOldest(maxCount: maxCount, .suspendNew))
    let actomaton = Actomaton<Int, [Int]>(
      state: [],
      reducer: Reducer { action, state, _ in
        guard action >= 0 else {
          state.append(-action - 1)  // an effect's result
          return .empty
        }
        return Effect(queue: queue) {
          tracker.begin(action)
          for _ in 0..<3 { await Task.yield() }
          tracker.end(action)
          return -action - 1
        }
      })
    var tasks: [Task<Void, any Error>?] = []
    for i in 0..<count { tasks.append(await actomaton.send(i)) }
    for task in tasks { try await task?.waitOrCancel() }
    let report = tracker.report
    #expect(report.started.sorted() == Array(0..<count))
    #expect(report.overtakers.isEmpty)
    #expect(report.maxRunning <= maxCount)
    if maxCount == 1 { #expect(report.started == Array(0..<count)) }
    #expect(await actomaton.state.sorted() == Array(0..<count))
    #expect(await actomaton.benchEffectCount() == 0)
  }

  @Test func suspendedEffectKeepsPriorityOfItsSend() async throws {
    let bench = Bench(.runOldest(maxCount: 1, .suspendNew))
    let hold = await bench.send(.run(0))
    let low = await bench.send(.measure(1), priority: .low)
    let high = await bench.send(.measure(2), priority: .high)
    let sent = Probe<Int>()  // not the actomaton: touching it could escalate the caller
    let caller = Task(priority: .background) {
      let task = await bench.send(.measure(3))  // no priority: the caller's
      await sent.record(3)
      return task
    }
    try await sent.reach(1)
    #expect(await bench.occupancy == Occupancy(running: 1, waiting: 3))
    bench.gates[0].open()
    try await bench.reach(4)
    let priorities: [TaskPriority] = [.low, .high, .background]
    let expected = priorities.enumerated().map { Event.priority($0 + 1, $1.rawValue) }
    #expect(Array(await bench.events.dropFirst()) == expected)
    try await bench.finish([hold, low, high, await caller.value])
    #expect(await bench.actomaton.state.done == [0, 1, 2, 3])
  }

  @Test func suspendedEffectKeepsTracksFeedbacksOfItsSend() async throws {
    let bench = Bench(.runOldest(maxCount: 1, .suspendNew))
    let hold = await bench.send(.run(0))
    let parent = await bench.send(.spawn(child: 1), tracksFeedbacks: true)
    #expect(await bench.occupancy == Occupancy(running: 1, waiting: 1))
    bench.gates[0].open()
    try await bench.reach(2)  // the child, fed back by the parent, runs unqueued
    // Cancelling the parent's send task reaches the child only if the send tracks feedbacks.
    parent?.cancel()
    try await parent?.waitOrCancel()
    #expect(await bench.events.contains(.cancelled(1)))
    try await bench.finish([hold])
    #expect(await bench.actomaton.state.done == [0])
  }
}

extension Actomaton {
  /// The running and waiting effects of `queue` (test-only view of the bookkeeping).
  fileprivate func benchOccupancy(of queue: some EffectQueueProtocol)
    -> QueuePolicyTests.Occupancy
  {
    let counts = queueCounts(queue)
    return .init(running: counts.running, waiting: counts.waiting)
  }

  /// The number of effects the actomaton tracks (running, delayed or waiting).
  func benchEffectCount() -> Int { ledger.records.count }
}
