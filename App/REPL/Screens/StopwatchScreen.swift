import AppRoot
import StopwatchFeature

extension Screen {
  static let stopwatch = Screen(
    name: "stopwatch",
    summary: "a stopwatch with laps",
    initial: { .stopwatch(Stopwatch.State()) },
    commands: [
      .simple("start", "start, or resume after stop", .stopwatch(.start)),
      .simple("stop", "pause", .stopwatch(.stop)),
      .simple("lap", "record a lap while running", .stopwatch(.lap)),
      .simple("reset", "clear the time and the laps", .stopwatch(.reset)),
      .simple("show", "show the time now", .stopwatch(.refresh)),
    ],
    render: { current in
      guard case let .stopwatch(state) = current else { return [] }
      var lines = ["\(format(state.elapsed))  (\(state.status))"]
      for lap in state.laps {
        let mark =
          lap.number == state.fastestLap
          ? "  fastest"
          : lap.number == state.slowestLap ? "  slowest" : ""
        lines.append("  lap \(lap.number)  \(format(lap.split))  total \(format(lap.total))\(mark)")
      }
      return lines + problemLines(refusal: state.refusal)
    },
    notice: { _, _ in nil },
    interrupt: { current in
      guard case let .stopwatch(state) = current, state.status == .running else { return nil }
      return .stopwatch(.stop)
    })

  /// `mm:ss.cc`, minutes growing past 59 as needed.
  static func format(_ duration: Duration) -> String {
    let centiseconds = max(
      0,
      duration.components.seconds * 100
        + duration.components.attoseconds / 10_000_000_000_000_000)
    let minutes = centiseconds / 6000
    let seconds = centiseconds / 100 % 60
    let hundredths = centiseconds % 100
    func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(pad(minutes)):\(pad(seconds)).\(pad(hundredths))"
  }
}
