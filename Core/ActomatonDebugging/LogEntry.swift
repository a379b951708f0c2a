/// One log entry: the action, then the state or its change in the chosen format.
enum LogEntry {
  static func text<Action, State>(
    head: String, action: Action, format: LogFormat, old: State?, new: State
  ) -> String {
    var lines = ["\(head)action: \(StateDiff.describe(action))"]
    switch format {
    case .actionOnly:
      break
    case .fullState:
      lines.append("\(head)state: \(StateDiff.describe(new))")
    case .stateDiff:
      let diff = old.map { StateDiff(old: $0, new: new) }
      if let diff, !diff.isEmpty {
        lines += diff.lines(indent: "\(head)  ")
      } else {
        lines.append("\(head)  (no state change)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
