import ActomatonTesting
import Testing

@testable import Actomaton

/// Rules 5, 7, 8 and 10 around cancelled groups, queues, concatenations and release.
@Suite struct GroupCancellationTests {
  enum Action: Sendable, Equatable {
    case hold
    case chain
    case kick
    case followUp
    case stream
    case stop
    case holdThenThrow
    case done(String)
  }

  struct Queue: Oldest1SuspendNewEffectQueueProtocol {}
  struct DelayedQueue: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 1, .suspendNew) }
    var effectQueueDelay: EffectQueueDelay { .constant(1) }
  }
  struct StreamID: EffectIDProtocol {}
  struct HoldID: EffectIDProtocol {}

  final class Environment: Sendable {
    let gate = UncancellableGate()
    let started = EventLog<String>()
    let errors = EventLog<String>()

    func start(_ name: String) { started.append(name) }
  }

  static let reducer = Reducer<Action, [String], Environment> { action, state, env in
    switch action {
    case .hold:
      return Effect(queue: DelayedQueue()) {
        env.start("hold")
        await env.gate.wait()
        return .done("hold")
      }
    case .chain:
      return .concatenate(
        Effect {
          env.start("a"); return .done("a")
        },
        Effect(queue: DelayedQueue()) {
          env.start("b"); return .done("b")
        },
        Effect {
          env.start("c"); return .done("c")
        })
    case .kick:
      state.append("kicked")
      return Effect { .followUp }
    case .followUp:
      return Effect(queue: DelayedQueue()) {
        env.start("followUp"); return .done("followUp")
      }
    case .stream:
      return .run(id: StreamID()) { send in
        await send(.done("first"))
        await env.gate.wait()
        await send(.done("after cancel"))
        await withTaskGroup(of: Void.self) { group in
          group.addTask { await send(.done("from child")) }
        }
      }
    case .stop:
      return .cancel(id: StreamID()) + .cancel(id: HoldID())
    case .holdThenThrow:
      return Effect(id: HoldID(), queue: Queue()) {
        env.start("holdThenThrow")
        await env.gate.wait()
        throw TestError(message: "thrown after cancel")
      }
    case let .done(name):
      state.append(name)
      return .empty
    }
  }

  static func make(_ env: Environment, clock: TestClock = TestClock()) -> Actomaton<
    Action, [String]
  > {
    Actomaton(
      state: [], reducer: reducer, environment: env, clock: clock,
      onError: env.errors.errorHook)
  }

  @Test func cancellingAConcatenationWhosePartWaitsInADelayedQueueStopsTheRest() async throws {
    let env = Environment()
    let clock = TestClock()
    let actomaton = Self.make(env, clock: clock)
    let hold = try #require(await actomaton.send(.hold))
    let chain = try #require(await actomaton.send(.chain))
    try await waitUntil { await actomaton.queueCounts(DelayedQueue()).waiting == 1 }
    #expect(await actomaton.state == ["a"])
    chain.cancel()
    env.gate.open()
    await clock.advance(by: .seconds(5))
    try await hold.waitOrCancel()
    try await chain.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    // NOTE: "hold" and "a" start on tasks of their own, in either order.
    #expect(env.started.entries.sorted() == ["a", "hold"], "b and c never started")
    #expect(await actomaton.state == ["a", "hold"])
  }

  @Test func cancellingATrackingSendDropsAFedBackEffectWaitingInAQueue() async throws {
    let env = Environment()
    let clock = TestClock()
    let actomaton = Self.make(env, clock: clock)
    let hold = try #require(await actomaton.send(.hold))
    let kick = try #require(await actomaton.send(.kick, tracksFeedbacks: true))
    try await waitUntil { await actomaton.queueCounts(DelayedQueue()).waiting == 1 }
    kick.cancel()
    env.gate.open()
    await clock.advance(by: .seconds(5))
    try await hold.waitOrCancel()
    try await kick.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(env.started.entries == ["hold"], "the fed-back effect never started")
    #expect(await actomaton.state == ["kicked", "hold"])
  }

  @Test func actionsSentAfterCancellationAreDroppedEvenFromAChildTask() async throws {
    let env = Environment()
    let actomaton = Self.make(env)
    let task = try #require(await actomaton.send(.stream))
    try await waitUntil { await actomaton.state == ["first"] }
    await actomaton.send(.stop)
    env.gate.open()
    try await task.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(await actomaton.state == ["first"])
  }

  @Test func aCancelledRunOldestBodyThatThrowsIsNotReported() async throws {
    let env = Environment()
    let actomaton = Self.make(env)
    let task = try #require(await actomaton.send(.holdThenThrow))
    let waiting = try #require(await actomaton.send(.holdThenThrow))
    try await waitUntil { env.started.entries.count == 1 }
    await actomaton.send(.stop)
    #expect(await actomaton.effectCount == 1, "the cancelled body keeps its slot until it exits")
    env.gate.open()
    await #expect(throws: Never.self) { try await task.waitOrCancel() }
    await #expect(throws: Never.self) { try await waiting.waitOrCancel() }
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(env.errors.entries.isEmpty, "an error after cancellation is not reported")
    #expect(env.started.entries == ["holdThenThrow"], "the waiting one was cancelled too")
    #expect(await actomaton.trackedIDCount == 0)
  }

  @Test func releasingTheActomatonMidConcatenationLetsTheSendTaskFinish() async throws {
    let env = Environment()
    let clock = TestClock()
    var actomaton: Actomaton<Action, [String]>? = Self.make(env, clock: clock)
    weak let released = actomaton
    let hold = try #require(await actomaton?.send(.hold))
    let chain = try #require(await actomaton?.send(.chain))
    try await waitUntil { await actomaton?.queueCounts(DelayedQueue()).waiting == 1 }
    actomaton = nil
    #expect(released == nil)
    env.gate.open()
    await clock.advance(by: .seconds(5))
    try await hold.waitOrCancel()
    try await chain.waitOrCancel()
    // NOTE: "hold" and "a" start on tasks of their own, in either order.
    #expect(env.started.entries.sorted() == ["a", "hold"], "nothing started after release")
  }
}
