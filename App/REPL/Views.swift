import AppRoot

/// What the lines that only show something print, from the state alone: the REPL prints it,
/// and a replay prints it again under the same command (`state`, `help`, `list`, a screen's
/// views such as the todo list).
enum Views {
  /// What `line` shows in `state`; `nil` for a line that does more than show (it sends an
  /// action, opens a screen, answers the pending question) or that is refused.
  static func output(of line: String, in state: Root.State) -> Rendered? {
    let current = state.screen.map(Screen.of)
    if let current, current.question(state) != nil { return nil }
    switch Resolved.resolve(line, on: current) {
    case let .screen(command, arguments):
      guard case let .view(view)? = try? command.parse(arguments) else { return nil }
      return view(state)
    case let .global(command, _, arguments): return command.view(arguments, state)
    case .nothing, .show, .unknown: return nil
    }
  }

  static var screenList: [String] {
    ["screens:"] + Screen.all.map { "  \($0.name.padding(to: 10))\($0.summary)" }
  }

  /// `state`: the current screen's whole state.
  static func stateLines(_ state: Root.State) -> [String] {
    state.screen.map { StatePrinter.lines(Screen.of($0), state) } ?? ["home screen: no state"]
  }

  /// `help [NAME]` on `screen`; `nil` when `NAME` is no command or screen.
  static func help(_ name: String?, on screen: Screen?) -> [String]? {
    guard let name else {
      var lines = ["global commands:"]
      lines += GlobalCommand.all.map { "  \($0.usage.padding(to: 22))\($0.summary)" }
      if let screen {
        lines.append("\(screen.name) commands:")
        lines += screen.commands.map { "  \($0.usage.padding(to: 22))\($0.summary)" }
      }
      return lines
    }
    // NOTE: in the order a line runs: on the login screen, 'login' is the command, not the screen.
    if let command = screen?.command(named: name) {
      return ["usage: \(command.usage)", "  \(command.summary)", "example: \(command.example)"]
    } else if let named = Screen.named(name) {
      return [
        "\(named.title): \(named.summary)",
        "open it with '\(named.name)' or 'open \(named.name)'",
        "\(named.name) commands:",
      ] + named.commands.map { "  \($0.usage.padding(to: 22))\($0.summary)" }
    } else if let global = GlobalCommand.named(name) {
      return ["usage: \(global.usage)", "  \(global.summary)", "example: \(global.example)"]
    } else if let owner = Screen.all.first(where: { $0.command(named: name) != nil }),
      let command = owner.command(named: name)
    {
      return [
        "usage: \(command.usage)  (on the \(owner.name) screen)", "  \(command.summary)",
        "example: \(command.example)",
      ]
    }
    return nil
  }
}
