import Actomaton
import ActomatonTesting

/// A stopwatch-like timer and a counter, small enough to read in the failure-message tests.
enum Timer {
  struct State: Equatable, Sendable {
    var isRunning = false
    var ticks = 0
    var note = ""
  }

  enum Action: Equatable, Sendable {
    case start, stop, tick, ping, pong, chain
    case echo(String)
  }

  struct TimerID: EffectIDProtocol {}

  static func reducer(clock: TestClock) -> Reducer<Action, State, Void> {
    Reducer { action, state, _ in
      switch action {
      case .start:
        state.isRunning = true
        return Effect(id: TimerID()) {
          AsyncStream(unfolding: {
            try? await clock.sleep(for: .seconds(1))
            return Task.isCancelled ? nil : Action.tick
          })
        }
      case .stop:
        state.isRunning = false
        return .cancel(id: TimerID())
      case .tick:
        state.ticks += 1
        return .empty
      case .ping:
        return Effect { .pong }
      case .pong:
        state.note = "pong"
        return .empty
      case .chain:
        return .nextAction(.echo("first")) + .nextAction(.echo("second"))
      case let .echo(text):
        state.note = text
        return .empty
      }
    }
  }
}
