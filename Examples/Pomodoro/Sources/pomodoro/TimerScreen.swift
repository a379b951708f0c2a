import Actomaton
import ActomatonREPL
import PomodoroFeature

extension PomodoroApp {
  static let timer = FeatureScreen<PomodoroApp, Pomodoro.State, Pomodoro.Action>(
    name: "timer",
    title: "Focus timer",
    summary: "work in timed sessions: start, pause, set, reset",
    place: .init(
      open: .showTimer(true), shows: \.isTimerShown,
      state: { $0.isTimerShown ? $0.timer : nil }),
    action: /Action.timer,
    commands: [
      .simple("start", "start or resume the session", .start),
      .simple("pause", "pause the session", .pause),
      .simple("reset", "back to a fresh timer (asks first)", .reset),
      Command("set", "MINUTES", "the session's length", example: "set 50") {
        arguments throws(CommandError) in
        try arguments.expectAtMost(1, usage: "set MINUTES")
        return .setMinutes(try arguments.number(0, named: "MINUTES", usage: "set MINUTES"))
      },
    ],
    render: { state in
      let clock =
        "\(state.remaining / 60):" + (state.remaining % 60 < 10 ? "0" : "")
        + "\(state.remaining % 60)"
      return Rendered(
        [
          "\(clock) of \(state.minutes) min, \(state.isRunning ? "running" : "paused")",
          "sessions done: \(state.completed)",
        ],
        problem: Problem(refusal: state.refusal))
    },
    interrupt: { $0.isRunning ? .pause : nil },
    confirmation: .init(question: { $0.confirmation?.question }, answer: { .answer($0) }),
    isTick: { $0 == ._tick }, worksEndlessly: { $0.isRunning }
  ).erased
}
