/// What the lines that only show something print, from the state alone: the REPL prints it,
/// and a replay prints it again under the same command (`state`, `help`, `list`, a screen's
/// views such as the todo list).
enum Views<Host: ShellHost> {
  /// What `line` shows in `state`; `nil` for a line that does more than show (it sends an
  /// action, opens a screen, answers the pending question) or that is refused.
  static func output(of line: String, in state: Host.State, _ globals: GlobalCommands<Host>)
    -> Rendered?
  {
    let current = Screen<Host>.shown(in: state)
    if let current, current.question(state) != nil { return nil }
    switch globals.resolve(line, on: current) {
    case let .screen(command, arguments):
      guard case let .view(view)? = try? command.parse(arguments) else { return nil }
      return view(state)
    case let .global(command, _, arguments): return command.view(arguments, state)
    case .nothing, .show, .unknown: return nil
    }
  }

  static var screenList: [String] {
    ["screens:"] + Host.screens.map { "  \($0.name.padding(to: 10))\($0.summary)" }
  }

  /// `state`: the current screen's whole state.
  static func stateLines(_ state: Host.State) -> [String] {
    Screen<Host>.shown(in: state).map { StatePrinter.lines($0, state) } ?? ["home screen: no state"]
  }

  /// `help [NAME]` on `screen`; `nil` when `NAME` is no command or screen.
  static func help(_ name: String?, on screen: Screen<Host>?) -> [String]? {
    guard let name else {
      var lines = ["global commands:"]
      lines += GlobalCommand<Host>.all.map { "  \($0.usage.padding(to: 22))\($0.summary)" }
      if let screen {
        lines.append("\(screen.name) commands:")
        lines += screen.commands.map { "  \($0.usage.padding(to: 22))\($0.summary)" }
      }
      return lines
    }
    // NOTE: in the order a line runs: on the login screen, 'login' is the command, not the screen.
    if let command = screen?.command(named: name) {
      return ["usage: \(command.usage)", "  \(command.summary)", "example: \(command.example)"]
    } else if let named = Screen<Host>.named(name) {
      return [
        "\(named.title): \(named.summary)",
        "open it with '\(named.name)' or 'open \(named.name)'",
        "\(named.name) commands:",
      ] + named.commands.map { "  \($0.usage.padding(to: 22))\($0.summary)" }
    } else if let global = GlobalCommands<Host>().named(name) {
      return ["usage: \(global.usage)", "  \(global.summary)", "example: \(global.example)"]
    } else if let owner = Host.screens.first(where: { $0.command(named: name) != nil }),
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
