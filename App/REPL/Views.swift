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
    let trimmed = line.trimmingWhitespace()
    let name = String(trimmed.prefix { !$0.isWhitespace })
    guard !name.isEmpty else { return nil }
    let arguments = Arguments(String(trimmed.dropFirst(name.count)))
    // NOTE: in the order `Engine.execute` decides: the global `open SCREEN`, the screen's own
    // command, then the global commands.
    if GlobalCommand.overriding(name, arguments) != nil { return nil }
    if let command = current?.command(named: name) {
      guard case let .view(view)? = try? command.parse(arguments) else { return nil }
      return view(state)
    }
    switch GlobalCommand.named(name) {
    case .help? where arguments.words.count <= 1:
      return help(arguments.words.first, on: current).map { Rendered($0) }
    case .list? where arguments.words.isEmpty: return Rendered(screenList)
    case .state? where arguments.words.isEmpty: return Rendered(stateLines(state))
    default: return nil
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
      lines += GlobalCommand.listed.map { "  \($0.help.usage.padding(to: 22))\($0.help.summary)" }
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
      let help = global.help
      return ["usage: \(help.usage)", "  \(help.summary)", "example: \(help.example)"]
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
