import Actomaton
import FeatureSupport

/// A focus timer: work for a number of minutes, then the session counts as done.
public enum Pomodoro {
  // MARK: - State

  public struct State: Equatable, Codable, Sendable {
    public var minutes = 25
    /// The seconds left of the session.
    public var remaining = 25 * 60
    public var isRunning = false
    /// How many sessions ran to their end.
    public var completed = 0
    public var confirmation: Confirmation<Action>?
    public var refusal: String?

    public init() {}
  }

  // MARK: - Action

  public enum Action: Equatable, Codable, Sendable {
    case start, pause, reset
    case setMinutes(Int)
    case answer(Answer)
    case _resetConfirmed
    /// A second went by while running: sent only by the feature's own effect.
    case _tick
  }

  // MARK: - Environment

  public struct Environment: Sendable {
    public var clock: any Clock<Duration>

    public init(clock: any Clock<Duration>) { self.clock = clock }
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Environment> {
    Reducer<Action, State, Environment> { action, state, _ in
      if action != ._tick { state.refusal = nil }
      switch action {
      case .start where state.isRunning: state.refusal = "Already running."
      case .start: state.isRunning = true
      case .pause: state.isRunning = false
      case .reset:
        state.confirmation = Confirmation(
          "Reset the timer and the count?", confirming: ._resetConfirmed)
      case let .answer(answer):
        if let confirmed = state.confirmation.answer(answer) { return .nextAction(confirmed) }
      case ._resetConfirmed: state = State()
      case let .setMinutes(minutes) where (1...120).contains(minutes):
        (state.minutes, state.remaining) = (minutes, minutes * 60)
      case .setMinutes: state.refusal = "Minutes are 1 to 120."
      case ._tick where state.remaining > 1: state.remaining -= 1
      case ._tick:
        state = State(minutes: state.minutes, completed: state.completed + 1)
      }
      return .empty
    }
    .subscriptions { state, environment -> [String: Effect<Action>] in
      state.isRunning ? ["seconds": ticks(environment.clock)] : [:]
    }
  }

  private static func ticks(_ clock: any Clock<Duration>) -> Effect<Action> {
    .run { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(._tick)
      }
    }
  }
}

extension Pomodoro.State {
  init(minutes: Int, completed: Int) {
    self.init()
    (self.minutes, remaining, self.completed) = (minutes, minutes * 60, completed)
  }
}
