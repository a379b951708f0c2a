import ActomatonTesting
import TestTraits
import Testing

@testable import Actomaton

/// Rule 8: cancelling the task `send` returned cancels its effects synchronously, however many
/// the action started and whatever the actomaton is doing.
@Suite(.hangGuard)
struct SendTaskCancellationTests {
  enum Action: Sendable, Equatable {
    case start(count: Int)
    case done(Int)
    case block
  }

  struct Queue: Oldest1SuspendNewEffectQueueProtocol {}

  struct DelayedQueue: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 5, .suspendNew) }
    var effectQueueDelay: EffectQueueDelay { .constant(1) }
  }

  struct Environment: Sendable {
    let gate = UncancellableGate()
    let latch = ThreadLatch()
    let started = EventLog<Int>()
    let cancelled = EventLog<Int>()
  }

  /// `start(count: 1)` runs effect 0 alone. `start(count: 5)` also runs effect 1 in a queue,
  /// effect 2 waiting behind it, effect 3 in a delayed queue and effect 4 in its delay.
  static let reducer = Reducer<Action, [Int], Environment> { action, state, environment in
    func effect(_ index: Int, queue: (any EffectQueueProtocol)? = nil) -> Effect<Action> {
      Effect(queue: queue) {
        environment.started.append(index)
        await withTaskCancellationHandler {
          await environment.gate.wait()
        } onCancel: {
          environment.cancelled.append(index)
        }
        return .done(index)
      }
    }
    switch action {
    case let .start(count):
      let all = [
        effect(0), effect(1, queue: Queue()), effect(2, queue: Queue()),
        effect(3, queue: DelayedQueue()), effect(4, queue: DelayedQueue()),
      ]
      return .combine(Array(all.prefix(count)))
    case let .done(index):
      state.append(index)
      return .empty
    case .block:
      environment.latch.hold()
      return .empty
    }
  }

  @Test(arguments: [1, 5])
  func cancellingWhileTheActorIsBusyStopsEveryEffectBeforeCancelReturns(count: Int) async throws {
    let environment = Environment()
    let clock = TestClock()
    let actomaton = Actomaton(
      state: [], reducer: Self.reducer, environment: environment, clock: clock)
    let running = count == 1 ? [0] : [0, 1, 3]
    let task = try #require(await actomaton.send(.start(count: count)))
    try await waitUntil { environment.started.entries.count == running.count }

    // NOTE: the blocking reducer runs on a thread of its own, not on one of the shared pool's.
    let blocker = Task(executorPreference: OwnThreadExecutor()) { await actomaton.send(.block) }
    try await waitUntil { environment.latch.isHeld }
    task.cancel()
    #expect(environment.cancelled.entries.sorted() == running, "cancelled synchronously")

    await clock.advance(by: .seconds(1))
    environment.gate.open()
    environment.latch.letGo()
    _ = await blocker.value
    _ = try? await task.value
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(environment.started.entries.sorted() == running, "nothing waiting started")
    #expect(await actomaton.state == [], "no returned action was reduced")
  }

  @Test func cancellingAtOnceAfterSendStopsTheEffectsBeforeTheyRun() async throws {
    let environment = Environment()
    let executor = OwnThreadExecutor(held: true)
    let actomaton = Actomaton(
      state: [], reducer: Self.reducer, environment: environment, clock: TestClock(),
      executor: executor)
    let task = try #require(await actomaton.send(.start(count: 5)))
    task.cancel()
    executor.release()
    environment.gate.open()
    _ = try? await task.value
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(environment.started.entries.isEmpty, "no body started after cancel()")
    #expect(await actomaton.state == [])
  }
}
