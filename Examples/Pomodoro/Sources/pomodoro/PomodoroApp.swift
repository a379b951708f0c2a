import Actomaton
import ActomatonREPL
import PomodoroFeature

/// The host's root: the home screen or the timer's.
enum PomodoroApp: ShellHost {
  struct State: Equatable, Codable, Sendable {
    var isTimerShown = false
    var timer = Pomodoro.State()
  }

  enum Action: Equatable, Codable, Sendable {
    case showTimer(Bool)
    case timer(Pomodoro.Action)
  }

  struct Environment: Sendable {
    var timer: Pomodoro.Environment
  }

  static let name = "pomodoro"
  static let title = "Pomodoro"
  static let version = "pomodoro 1.0"
  static var initialState: State { State() }
  static let leave = Action.showTimer(false)

  static var reducer: Reducer<Action, State, Environment> {
    // NOTE: leaving the screen pauses the timer: its ticks stop with it.
    Reducer { action, state, _ in
      if case let .showTimer(shown) = action {
        state.isTimerShown = shown
        if !shown { state.timer.isRunning = false }
      }
      return .empty
    }
      + Pomodoro.reducer.contramap(action: /Action.timer).contramap(state: \State.timer)
      .contramap(environment: { $0.timer })
  }

  static func environment(_ surroundings: Surroundings<PomodoroApp>) -> Environment {
    Environment(timer: Pomodoro.Environment(clock: surroundings.clock))
  }

  static let screens: [Screen<PomodoroApp>] = [timer]
}
