import Actomaton
import ActomatonTesting
import Foundation
import Testing

/// The `subscriptions` listing of the article "Composing features".
@Suite struct SubscriptionExamples {
  enum TickerAction: Sendable, Equatable { case start, stop, tick }

  struct Ticker: Sendable, Equatable {
    var isRunning = false
    var ticks = 0
  }

  static func ticker(clock: TestClock) -> Reducer<TickerAction, Ticker, Void> {
    Reducer { action, state, _ in
      switch action {
      case .start: state.isRunning = true
      case .stop: state.isRunning = false
      case .tick: state.ticks += 1
      }
      return .empty
    }
    .subscriptions { state, _ in
      // The tick runs exactly while the state says the ticker runs, whoever changed it.
      let tick = Effect<TickerAction>.run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      return state.isRunning ? ["tick": tick] : [:]
    }
  }

  // NOTE: `CLOCK_STRESS_RUNS` repeats the scenario for the stress run of `Tests/README.md`.
  @Test func theTickRunsWhileTheStateWantsIt() async {
    let runs = ProcessInfo.processInfo.environment["CLOCK_STRESS_RUNS"].flatMap(Int.init) ?? 1
    for _ in 0..<runs { await Self.tickWhileRunning() }
  }

  static func tickWhileRunning() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Ticker(), reducer: Self.ticker(clock: clock), clock: clock)
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stop) { $0.isRunning = false }
    await clock.advance(by: .seconds(5))  // nothing ticks any more
  }
}
