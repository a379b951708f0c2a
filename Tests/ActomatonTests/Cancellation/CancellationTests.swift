import ActomatonTesting
import TestTraits
import Testing

@testable import Actomaton

/// Rules 3, 4 and 7: manual cancellation, and cancelled effects staying silent.
@Suite(.hangGuard)
struct CancellationTests {
  enum Event: Hashable, Sendable { case started(Int), cancelled(Int) }
  struct ID: EffectIDProtocol { var name: String }
  struct Line: Oldest1SuspendNewEffectQueueProtocol {}

  struct Spaced: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy
    var effectQueueDelay: EffectQueueDelay
  }

  static let x = ID(name: "x")
  static let y = ID(name: "y")
  static let delayed = Spaced(
    effectQueuePolicy: .runNewest(maxCount: 5), effectQueueDelay: .constant(1))
  static let slowLine = Spaced(
    effectQueuePolicy: .runOldest(maxCount: 1, .suspendNew), effectQueueDelay: .constant(10))

  enum Action: Sendable {
    /// Effect `i` records `.started(i)`, waits at gate `i` (recording `.cancelled(i)` if cancelled
    /// there) and feeds back `.done(i)`.
    case run(Int, id: ID? = nil, queue: (any EffectQueueProtocol)? = nil)
    /// Like `.run`, but once cancelled it waits for the test's release and returns `.done(i)`.
    case late(Int, id: ID)
    /// Feeds back every element of the bench's stream, or of its pipe.
    case watch(id: ID)
    case pipe(id: ID)
    case cancel(ID)
    case cancelAll
    case cancelAnonymous
    case replace(Int, id: ID)
    case startThenCancel(Int, id: ID)
    case done(Int)
    case value(Int)
  }

  struct State: Sendable {
    var done: [Int] = []
    var values: [Int] = []
  }

  /// A sequence that ignores cancellation: it records in `asks` that it waits for its n-th
  /// element, which comes when the test records a value in `inbox`.
  struct Pipe: AsyncSequence, Sendable {
    let inbox = Probe<Int>()
    let asks = Probe<Int>()

    struct AsyncIterator: AsyncIteratorProtocol {
      let pipe: Pipe
      var count = 0

      mutating func next() async -> Action? {
        count += 1
        await pipe.asks.record(count)
        await pipe.inbox.waitFor(count)
        return .value(await pipe.inbox.events[count - 1])
      }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pipe: self) }
  }

  struct Bench {
    let clock = TestClock()
    let probe = Probe<Event>()
    let release = Probe<Int>()
    let gates = (0..<16).map { _ in Gate() }
    let pipe = Pipe()
    let stream = AsyncStream.makeStream(of: Action.self)
    let actomaton: Actomaton<Action, State>

    init() {
      let (probe, release, gates, pipe, stream) = (probe, release, gates, pipe, stream.stream)
      @Sendable func run(_ i: Int, _ id: ID?, _ queue: (any EffectQueueProtocol)?)
        -> Effect<Action>
      {
        Effect(id: id, queue: queue) {
          await probe.record(.started(i))
          do {
            try await gates[i].wait()
          } catch {
            await probe.record(.cancelled(i))
            throw error
          }
          return .done(i)
        }
      }
      actomaton = Actomaton(
        state: State(),
        reducer: Reducer { action, state, _ in
          switch action {
          case let .run(i, id, queue): return run(i, id, queue)
          case let .late(i, id):
            return Effect(id: id) {
              await probe.record(.started(i))
              do { try await gates[i].wait() } catch { await probe.record(.cancelled(i)) }
              await release.waitFor(1)
              return .done(i)
            }
          case let .watch(id): return Effect(id: id, sequence: { stream })
          case let .pipe(id): return Effect(id: id, sequence: { pipe })
          case let .cancel(id): return .cancel(id: id)
          case .cancelAll: return .cancel(ids: { _ in true })
          case .cancelAnonymous: return .cancel(ids: { $0 is AnonymousEffectID })
          case let .replace(i, id): return .cancel(id: id) + run(i, id, nil)
          case let .startThenCancel(i, id): return run(i, id, nil) + .cancel(id: id)
          case let .done(i):
            state.done.append(i)
            return .empty
          case let .value(value):
            state.values.append(value)
            return .empty
          }
        },
        clock: clock)
    }

    var events: [Event] { get async { await probe.events } }
    var state: State { get async { await actomaton.state } }

    @discardableResult
    func send(_ action: Action) async -> Task<Void, any Error>? { await actomaton.send(action) }

    func reach(_ count: Int) async throws { try await probe.reach(count) }

    func sleepers(_ count: Int) async throws {
      try await waitUntil { clock.sleeperCount >= count }
    }

    func finish(_ tasks: [Task<Void, any Error>?]) async throws {
      for gate in gates { gate.open() }
      for task in tasks { try await task?.waitOrCancel() }
    }
  }

  // MARK: - Cancelled before the body starts

  @Test(arguments: [true, false])
  func cancelWhileWaitingInQueueNeverRunsBody(byID: Bool) async throws {
    let bench = Bench()
    let hold = await bench.send(.run(0, queue: Line()))
    try await bench.reach(1)
    let victim = await bench.send(.run(1, id: Self.x, queue: Line()))
    let next = await bench.send(.run(2, queue: Line()))
    if byID { await bench.send(.cancel(Self.x)) } else { victim?.cancel() }
    try await victim?.waitOrCancel()  // done although it never ran
    try await bench.finish([hold, next])
    #expect(await bench.events == [.started(0), .started(2)])
    #expect(await bench.state.done == [0, 2])
  }

  @Test func cancelDuringStartDelayNeverRunsBody() async throws {
    let bench = Bench()
    let first = await bench.send(.run(0, queue: Self.delayed))
    try await bench.reach(1)
    let byID = await bench.send(.run(1, id: Self.x, queue: Self.delayed))
    let byTask = await bench.send(.run(2, queue: Self.delayed))
    try await bench.sleepers(2)
    await bench.send(.cancel(Self.x))
    byTask?.cancel()
    for gate in bench.gates { gate.open() }
    await bench.clock.advance(by: .seconds(5))
    try await byID?.waitOrCancel()
    try await byTask?.waitOrCancel()
    try await first?.waitOrCancel()
    #expect(bench.clock.sleeperCount == 0)
    #expect(await bench.events == [.started(0)])
    #expect(await bench.state.done == [0])
  }

  @Test func cancelledWaitingEffectTakesNoDelaySlot() async throws {
    let bench = Bench()
    let first = await bench.send(.run(0, id: Self.x, queue: Self.slowLine))
    try await bench.reach(1)
    let victim = await bench.send(.run(1, id: Self.x, queue: Self.slowLine))
    let next = await bench.send(.run(2, queue: Self.slowLine))
    await bench.send(.cancel(Self.x))  // cancels the running one and the waiting one
    try await bench.reach(2)
    try await victim?.waitOrCancel()
    try await bench.sleepers(1)
    // The next effect is spaced from the cancelled running one (0s), not from the waiting one.
    #expect(bench.clock.sleeperDeadlines.map(\.offset) == [.seconds(10)])
    await bench.clock.advance(by: .seconds(20))
    try await bench.finish([first, next])
    #expect(await bench.events == [.started(0), .cancelled(0), .started(2)])
  }

  @Test func cancelReachingRunningAndWaitingEffectsRunsNoWaitingBody() async throws {
    let ran = Locked(0)
    for _ in 0..<30 {  // the runtime's mistake, when there is one, shows in some rounds only
      let clock = TestClock()
      let actomaton = Actomaton<Int, Int>(
        state: 0,
        reducer: Reducer { action, _, _ in
          if action < 0 { return .cancel(id: Self.x) }
          return .fireAndForget(id: Self.x, queue: Line()) {
            if action > 0 { ran.withLock { $0 += 1 } }
            try await clock.sleep(for: .seconds(1))  // the clock never moves: until cancelled
          }
        })
      var tasks: [Task<Void, any Error>?] = []
      for i in 0..<200 { tasks.append(await actomaton.send(i)) }
      await actomaton.send(-1)  // the first runs, the 199 others wait
      for task in tasks { try await task?.waitOrCancel() }
    }
    #expect(ran.withLock { $0 } == 0, "bodies of effects that were waiting when cancelled ran")
  }

  // MARK: - Cancelled after the body started

  @Test func actionReturnedAfterCancellationIsDropped() async throws {
    let bench = Bench()
    let task = await bench.send(.late(0, id: Self.x))
    try await bench.reach(1)
    await bench.send(.cancel(Self.x))
    try await bench.reach(2)
    await bench.release.record(1)  // the body now returns `.done(0)`
    try await task?.waitOrCancel()
    #expect(await bench.events == [.started(0), .cancelled(0)])
    #expect(await bench.state.done.isEmpty)
  }

  @Test func streamElementsAfterCancellationAreDropped() async throws {
    let bench = Bench()
    let task = await bench.send(.watch(id: Self.x))
    for value in 1...2 {
      bench.stream.continuation.yield(.value(value))
      try await waitUntil { await bench.state.values.count == value }
    }
    await bench.send(.cancel(Self.x))
    bench.stream.continuation.yield(.value(3))
    bench.stream.continuation.finish()
    try await task?.waitOrCancel()
    #expect(await bench.state.values == [1, 2])
  }

  @Test func elementsOfSequenceIgnoringCancellationAreDroppedAfterIt() async throws {
    let bench = Bench()
    let task = await bench.send(.pipe(id: Self.x))
    await bench.pipe.inbox.record(1)
    try await waitUntil { await bench.state.values == [1] }
    try await bench.pipe.asks.reach(2)
    await bench.send(.cancel(Self.x))
    await bench.pipe.inbox.record(2)  // the cancelled effect's iterator still returns it
    try await task?.waitOrCancel()
    #expect(await bench.pipe.asks.events == [1, 2])
    #expect(await bench.state.values == [1])
  }

  // MARK: - Which effects a cancellation reaches

  @Test func cancelAllIDsAlsoCancelsEffectsWithoutID() async throws {
    let bench = Bench()
    let tasks = [
      await bench.send(.run(0)), await bench.send(.run(1, id: Self.x)),
      await bench.send(.run(2, queue: Line())), await bench.send(.run(3, queue: Line())),
    ]
    try await bench.reach(3)
    await bench.send(.cancelAll)
    try await bench.reach(6)
    for task in tasks { try await task?.waitOrCancel() }
    try await bench.finish([])
    let expected: Set<Event> = [.started(0), .started(1), .started(2)]
    let cancelled: Set<Event> = [.cancelled(0), .cancelled(1), .cancelled(2)]
    #expect(Set(await bench.events) == expected.union(cancelled))
    #expect(await bench.state.done.isEmpty)
  }

  @Test func cancelIDsPredicateSeesAnonymousIDForEffectsWithoutID() async throws {
    let bench = Bench()
    let tasks = [await bench.send(.run(0)), await bench.send(.run(1, id: Self.x))]
    try await bench.reach(2)
    await bench.send(.cancelAnonymous)
    try await bench.reach(3)
    try await bench.finish(tasks)
    #expect(await bench.events.last == .cancelled(0))
    #expect(await bench.state.done == [1])
  }

  @Test func cancelIDCancelsEveryEffectSharingItRunningOrWaiting() async throws {
    let bench = Bench()
    var tasks = [
      await bench.send(.run(0, id: Self.x)), await bench.send(.run(1, id: Self.x)),
      await bench.send(.run(2, id: Self.y)),
      await bench.send(.run(3, id: Self.x, queue: Line())),
    ]
    try await bench.reach(4)
    tasks.append(await bench.send(.run(4, id: Self.x, queue: Line())))
    tasks.append(await bench.send(.run(5, id: Self.y, queue: Line())))
    await bench.send(.cancel(Self.x))
    try await bench.reach(8)  // three cancelled, and 5 started
    try await bench.finish(tasks)
    let cancelled = Set(await bench.events).subtracting((0..<6).map { .started($0) })
    #expect(cancelled == [.cancelled(0), .cancelled(1), .cancelled(3)])
    #expect(await !bench.events.contains(.started(4)))
    #expect(await bench.state.done.sorted() == [2, 5])
  }

  @Test func newEffectWithIDInUseDoesNotCancelOldOne() async throws {
    let bench = Bench()
    let first = await bench.send(.run(0, id: Self.x))
    try await bench.reach(1)
    let second = await bench.send(.run(1, id: Self.x))
    try await bench.reach(2)
    try await bench.finish([first, second])
    #expect(Set(await bench.events) == [.started(0), .started(1)])
    #expect(await bench.state.done.sorted() == [0, 1])
  }

  @Test func cancelThenStartWithSameIDReplacesRunningEffect() async throws {
    let bench = Bench()
    let first = await bench.send(.run(0, id: Self.x))
    try await bench.reach(1)
    let second = await bench.send(.replace(1, id: Self.x))
    try await bench.reach(3)
    #expect(Set(await bench.events) == [.started(0), .cancelled(0), .started(1)])
    try await bench.finish([first, second])
    #expect(await bench.state.done == [1])
  }

  @Test func startThenCancelWithSameIDCancelsNewEffectToo() async throws {
    let bench = Bench()
    let first = await bench.send(.run(0, id: Self.x))
    try await bench.reach(1)
    let second = await bench.send(.startThenCancel(1, id: Self.x))
    try await second?.waitOrCancel()
    try await first?.waitOrCancel()
    try await bench.finish([])
    let events = await bench.events
    #expect(events.contains(.cancelled(0)))
    #expect(!events.contains(.started(1)) || events.contains(.cancelled(1)))
    #expect(await bench.state.done.isEmpty)
  }
}
