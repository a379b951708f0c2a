import ActomatonTesting
import TestTraits
import Testing

@testable import Actomaton

/// A send whose effect is one task returns that task and makes no group: its cancellation still
/// reaches an effect in its queue's delay, and the queue's slot is given back.
extension SendTaskCancellationTests {
  enum OneEffect {
    enum Action: Sendable, Equatable {
      case start(Int)
      case done(Int)
    }

    /// Two slots, effects spaced one second apart.
    struct Spaced: EffectQueueProtocol {
      var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 2, .suspendNew) }
      var effectQueueDelay: EffectQueueDelay { .constant(1) }
    }

    static func reducer(_ started: EventLog<Int>, gate: Gate) -> Reducer<Action, [Int], Void> {
      Reducer { action, state, _ in
        switch action {
        case let .start(number):
          return Effect(queue: Spaced()) {
            started.append(number)
            try await gate.wait()
            return .done(number)
          }
        case let .done(number):
          state.append(number)
          return .empty
        }
      }
    }
  }

  @Test func cancellingTheTaskOfADelayedSoleEffectKeepsItsBodyFromStarting() async throws {
    let started = EventLog<Int>()
    let clock = TestClock()
    let gate = Gate()
    let actomaton = Actomaton(
      state: [], reducer: OneEffect.reducer(started, gate: gate), clock: clock)
    let first = try #require(await actomaton.send(.start(1)))
    // The second effect has a free slot but waits in the queue's delay.
    let delayed = try #require(await actomaton.send(.start(2)))
    #expect(await actomaton.queueCounts(OneEffect.Spaced()) == (running: 2, waiting: 0))
    delayed.cancel()
    await clock.advance(by: .seconds(1))
    _ = try? await delayed.value
    gate.open()
    try await first.waitOrCancel()
    #expect(started.entries == [1])
    #expect(await actomaton.state == [1])
    #expect(await actomaton.effectCount == 0)
    #expect(await actomaton.queueCounts(OneEffect.Spaced()) == (running: 0, waiting: 0))
  }
}
