import TestTraits
import Testing

@testable import Actomaton

/// A queue forgotten while idle and made again under the same key during one cancellation stays
/// the queue: the cancellation's late refill of the old, idle state does not forget the new one.
@Suite(.hangGuard)
struct QueueIdentityTests {
  enum Action: Sendable, Equatable {
    case startNewest(ID)
    case block
    case chain
    case cancelOuter
  }

  /// A `runNewest(maxCount: 2)` queue.
  struct Pair: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy { .runNewest(maxCount: 2) }
  }
  struct Line: Oldest1SuspendNewEffectQueueProtocol {}
  enum ID: EffectIDProtocol { case outer, inner, chained, later }

  final class Environment: Sendable {
    let gate = Gate()
    let blocker = UncancellableGate()
    let events = EventLog<String>()

    var observer: ActomatonObserver<Action, Int> {
      events.effectEvents { event in (event.id as? ID).map { "\($0) \(event.kind)" } }
    }
  }

  static let reducer = Reducer<Action, Int, Environment> { action, _, environment in
    switch action {
    case let .startNewest(id):
      return .fireAndForget(id: id, queue: Pair()) { try await environment.gate.wait() }
    case .block:
      return .fireAndForget(queue: Line()) { await environment.blocker.wait() }
    case .chain:
      // The first part waits behind the blocker; when it is dropped, the second part empties
      // `Pair` (so it is forgotten) and starts a new effect in it (so it is made again).
      return .concatenate(
        .fireAndForget(id: ID.outer, queue: Line()) {},
        .cancel(id: ID.inner)
          + .fireAndForget(id: ID.chained, queue: Pair()) { try await environment.gate.wait() })
    case .cancelOuter:
      return .cancel(id: ID.outer)
    }
  }

  @Test func aQueueMadeAgainDuringACancellationIsNotForgottenByItsLateRefill() async throws {
    let environment = Environment()
    let actomaton = Actomaton(
      state: 0, reducer: Self.reducer, environment: environment,
      observer: environment.observer)
    await actomaton.send(.startNewest(.outer))
    await actomaton.send(.startNewest(.inner))
    await actomaton.send(.block)
    await actomaton.send(.chain)
    await actomaton.send(.cancelOuter)
    #expect(await actomaton.queueCounts(Pair()) == (running: 1, waiting: 0))
    // Two newer effects in `Pair` evict the chained one, the oldest.
    await actomaton.send(.startNewest(.later))
    await actomaton.send(.startNewest(.later))
    #expect(environment.events.entries.contains("chained cancelled"))
    environment.blocker.open()
    environment.gate.open()
  }
}
