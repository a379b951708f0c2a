import ActomatonTesting
import Foundation
import Testing

/// How many times the clock's load-sensitive tests repeat their scenario: once by default,
/// `CLOCK_STRESS_RUNS` for the stress run of `Tests/README.md`.
enum ClockStress {
  static let runs = ProcessInfo.processInfo.environment["CLOCK_STRESS_RUNS"].flatMap(Int.init) ?? 1
}

@Suite struct RepeatingTimerTests {
  enum Action: Equatable, Sendable { case start, stop, tick }
  struct TimerID: EffectIDProtocol {}

  static func reducer(clock: TestClock) -> Reducer<Action, Int, Void> {
    Reducer { action, ticks, _ in
      switch action {
      case .start:
        return .run(id: TimerID()) { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .stop: return .cancel(id: TimerID())
      case .tick: ticks += 1
      }
      return .empty
    }
  }

  // NOTE: every tick is due only once the one before was reduced and the loop slept again: an
  // advance that returned before that would leave the later deadlines unreached.
  @Test func advanceDeliversEveryTickOfARepeatingTimer() async {
    for _ in 0..<ClockStress.runs {
      let clock = TestClock()
      let store = TestStore(initialState: 0, reducer: Self.reducer(clock: clock), clock: clock)
      await store.send(.start)
      await clock.advance(by: .seconds(4))
      for tick in 1...4 { await store.receive(.tick) { $0 = tick } }
      await clock.advance(to: .init(offset: .seconds(7)))
      for tick in 5...7 { await store.receive(.tick) { $0 = tick } }
      await store.send(.stop)
      await clock.advance(by: .seconds(3))
    }
  }
}
