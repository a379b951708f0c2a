import Actomaton
import ActomatonREPL
import AppRoot
import StopwatchFeature

extension Gallery {
  static let stopwatch = FeatureScreen<Gallery, Stopwatch.State, Stopwatch.Action>(
    name: "stopwatch",
    title: "Stopwatch",
    summary: "a stopwatch with laps",
    place: .screen(/Root.State.Screen.stopwatch, initial: Stopwatch.State()),
    action: /Root.Action.stopwatch,
    commands: [
      .simple("start", "start, or resume after stop", .start),
      .simple("stop", "pause", .stop),
      .simple("lap", "record a lap while running", .lap),
      .simple("reset", "clear the time and the laps", .reset),
      .simple("show", "show the time now", .refresh),
    ],
    render: { state in
      var lines = ["\(format(state.elapsed))  (\(state.status))"]
      for lap in state.laps {
        let mark =
          lap.number == state.fastestLap
          ? "  fastest"
          : lap.number == state.slowestLap ? "  slowest" : ""
        lines.append("  lap \(lap.number)  \(format(lap.split))  total \(format(lap.total))\(mark)")
      }
      return Rendered(lines, problem: Problem(refusal: state.refusal))
    },
    interrupt: { state in state.status == .running ? .stop : nil },
    // NOTE: ten times a second: the debug log and `history` only count them.
    isTick: { $0 == ._tick },
    worksEndlessly: { $0.status == .running },
    environment: ScreenEnvironment(
      { Stopwatch.Environment(clock: $0.clock) },
      inputs: { environment, tap in
        environment.now = tap.input("stopwatch.now", environment.now, otherwise: { .zero })
      })
  ).erased

  /// `mm:ss.cc`, minutes growing past 59 as needed.
  static func format(_ duration: Duration) -> String {
    // NOTE: from the attoseconds: `components.seconds` traps past `Int64.max` seconds, which a
    // crafted recording's times reach.
    let centiseconds = max(0, duration.attoseconds / 10_000_000_000_000_000)
    let minutes = centiseconds / 6000
    let seconds = centiseconds / 100 % 60
    let hundredths = centiseconds % 100
    func pad(_ value: Int128) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(pad(minutes)):\(pad(seconds)).\(pad(hundredths))"
  }
}
