import Testing

@testable import Actomaton

/// `Effect.run`: one task that feeds back any number of actions through `Send`.
@Suite struct EffectRunTests {
  enum Action: Sendable, Equatable {
    case download
    case escape
    case fail
    case cancel
    case progress(Int)
  }

  struct ID: EffectIDProtocol {}

  struct Environment: Sendable {
    let gate = UncancellableGate()
    let escaped = Locked<Send<Action>?>(nil)
  }

  static let reducer = Reducer<Action, [Int], Environment> { action, state, environment in
    switch action {
    case .download:
      return .run(id: ID()) { send in
        await send(.progress(1))
        await send(.progress(2))
        await environment.gate.wait()
        await send(.progress(3))
      }
    case .escape:
      return .run { send in environment.escaped.withLock { $0 = send } }
    case .fail:
      return .run { send in
        await send(.progress(1))
        throw TestError()
      }
    case .cancel:
      return .cancel(id: ID())
    case let .progress(value):
      state.append(value)
      return .empty
    }
  }

  static func make(_ environment: Environment) -> Actomaton<Action, [Int]> {
    Actomaton(state: [], reducer: reducer, environment: environment)
  }

  @Test func everySentActionIsReducedInOrderBeforeTheSendTaskEnds() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    let task = await actomaton.send(.download)
    try await waitUntil { await actomaton.state == [1, 2] }
    environment.gate.open()
    try await task?.waitOrCancel()
    #expect(await actomaton.state == [1, 2, 3])
  }

  @Test func actionsSentAfterCancellationAreDropped() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    let task = await actomaton.send(.download)
    try await waitUntil { await actomaton.state == [1, 2] }
    await actomaton.send(.cancel)
    environment.gate.open()
    _ = try? await task?.waitOrCancel()
    #expect(await actomaton.state == [1, 2])
  }

  @Test func aSendKeptPastTheEndOfItsEffectFeedsNothing() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    try await actomaton.send(.escape)?.waitOrCancel()
    let send = try #require(environment.escaped.withLock { $0 })
    await send(.progress(9))
    #expect(await actomaton.state == [])
  }

  @Test func anErrorAfterSomeActionsSurfacesThroughTheSendTask() async throws {
    let actomaton = Self.make(Environment())
    await #expect(throws: TestError()) { try await actomaton.send(.fail)?.value }
    #expect(await actomaton.state == [1])
  }
}
