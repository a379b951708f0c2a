import Testing

@testable import Actomaton

/// Stress: cancelling send tasks from other threads while their effects start, finish and
/// feed back, and observers that come and go while the state changes. Run under the thread
/// sanitizer as well; each run must end with no effect left and every task finished.
@Suite struct CrossThreadStressTests {
  enum Action: Sendable, Equatable {
    case burst
    case fed(Int)
    case increment
  }

  struct Queue: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 2, .suspendNew) }
  }

  struct Newest: Newest1EffectQueueProtocol {}

  static let reducer = Reducer<Action, Int, Void> { action, state, _ in
    switch action {
    case .burst:
      return .concatenate(
        Effect {
          await Task.yield(); return .fed(1)
        }
          + Effect(queue: Queue()) {
            await Task.yield(); return .fed(2)
          }
          + Effect(queue: Newest()) {
            await Task.yield(); return .fed(3)
          },
        .run { send in
          await send(.fed(4))
          await Task.yield()
          await send(.fed(5))
        },
        Effect(queue: Queue()) { .fed(6) })
    case let .fed(number):
      state += 1
      return number < 3
        ? Effect(queue: Queue()) {
          await Task.yield(); return nil
        } : .empty
    case .increment:
      state += 1
      return .empty
    }
  }

  @Test func cancellingFromAnotherTaskWhileEffectsStartAndFinishLeavesNothingBehind()
    async throws
  {
    let actomaton = Actomaton(state: 0, reducer: Self.reducer)
    for round in 0..<300 {
      let task = try #require(await actomaton.send(.burst, tracksFeedbacks: round % 2 == 0))
      let canceller = Task.detached {
        for _ in 0..<(round % 7) { await Task.yield() }
        task.cancel()
      }
      if round % 3 == 0 { await actomaton.send(.burst) }
      await canceller.value
      try await task.waitOrCancel()
    }
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(await actomaton.trackedIDCount == 0)
    #expect(await actomaton.queueCounts(Queue()) == (0, 0))
    #expect(await actomaton.queueCounts(Newest()) == (0, 0))
  }

  @Test func observersThatComeAndGoNeverSeeAValueTwiceOrGoBackwards() async throws {
    let actomaton = Actomaton(state: 0, reducer: Self.reducer)
    let sender = Task {
      for _ in 0..<2_000 { await actomaton.send(.increment) }
    }
    var observers: [Task<[Int], Never>] = []
    for index in 0..<40 {
      observers.append(
        Task {
          var seen: [Int] = []
          for await value in actomaton.values(of: \.self) {
            seen.append(value)
            if seen.count > index % 9 + 1 { break }
          }
          return seen
        })
      if index % 4 == 0 { observers[index].cancel() }
      await Task.yield()
    }
    await sender.value
    for observer in observers { observer.cancel() }
    for observer in observers {
      let seen = await observer.value
      #expect(seen == seen.sorted() && Set(seen).count == seen.count, "\(seen)")
    }
  }
}
