import Testing

@testable import Actomaton

/// `Effect.concatenate`: parts discarded by a queue, parts that throw, `.map`, and a
/// concatenation started by a fed-back action of a tracking send that is then cancelled.
@Suite struct ConcatenationEdgeTests {
  enum Inner: Sendable, Equatable {
    case done(String)
  }

  enum Action: Sendable, Equatable {
    case busy
    case mixed
    case tracked
    case spawn
    case inner(Inner)
  }

  struct Discarding: Oldest1DiscardNewEffectQueueProtocol {}

  final class Environment: Sendable {
    let gate = Gate()
    let log = EventLog<String>()

    func part(_ name: String, queue: (any EffectQueueProtocol)? = nil, waits: Bool = false)
      -> Effect<Inner>
    {
      Effect(queue: queue) {
        self.log.append(name)
        if waits { try await self.gate.wait() }
        return .done(name)
      }
    }
  }

  static let reducer = Reducer<Action, [String], Environment> { action, state, env in
    switch action {
    case .busy:
      return env.part("busy", queue: Discarding(), waits: true).map(Action.inner)
    case .mixed:
      let failing = Effect<Inner> {
        env.log.append("throws")
        throw TestError()
      }
      return Effect<Inner>.concatenate(
        env.part("discarded", queue: Discarding()), failing,
        .concatenate(env.part("b"), env.part("c"))
      ).map(Action.inner)
    case .tracked:
      return Effect { .spawn }
    case .spawn:
      return Effect<Inner>.concatenate(env.part("p", waits: true), env.part("q"))
        .map(Action.inner)
    case let .inner(.done(name)):
      state.append(name)
      return .empty
    }
  }

  @Test func aDiscardedPartIsSkippedAndAThrowingPartDoesNotStopTheRest() async throws {
    let env = Environment()
    let actomaton = Actomaton(state: [], reducer: Self.reducer, environment: env)
    let busy = try #require(await actomaton.send(.busy))
    // NOTE: the busy body and the mixed chain's bodies run on tasks of their own; the log's
    // order is the test's only once the busy body has begun.
    try await waitUntil { env.log.entries == ["busy"] }
    let mixed = try #require(await actomaton.send(.mixed))
    await #expect(throws: TestError.self) { try await mixed.waitOrCancel() }
    #expect(env.log.entries == ["busy", "throws", "b", "c"])
    #expect(await actomaton.state == ["b", "c"])
    env.gate.open()
    try await busy.waitOrCancel()
  }

  @Test func cancellingATrackingSendStopsTheConcatenationOfAFedBackAction() async throws {
    let env = Environment()
    let actomaton = Actomaton(state: [], reducer: Self.reducer, environment: env)
    let task = try #require(await actomaton.send(.tracked, tracksFeedbacks: true))
    try await waitUntil { env.log.entries == ["p"] }
    task.cancel()
    try await task.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(env.log.entries == ["p"], "q never started")
    #expect(await actomaton.state == [])
  }
}
