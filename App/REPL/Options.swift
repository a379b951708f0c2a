/// The shell's command line: its own options and the host's (``ShellHost/options``).
public struct Options: Equatable, Sendable {
  public var screen: String?
  public var debug = false
  public var strict = false
  public var noHistory = false
  /// `--record FILE`: where the whole session is recorded.
  public var recordFile: String?
  /// `--replay FILE`: the recording to replay instead of a session.
  public var replayFile: String?
  public var showsHelp = false
  public var showsVersion = false
  /// The host's options given, by name: a switch's value is empty.
  public var hostValues: [String: String] = [:]

  public init() {}

  /// The usage text of `Host`'s program.
  public static func usage<Host: ShellHost>(for _: Host.Type) -> String {
    let name = Host.name
    let indent = String(repeating: " ", count: name.count)
    let hostUsage = Host.options.map { " [\($0.name)\($0.value.map { " \($0)" } ?? "")]" }.joined()
    let hostHelp = Host.options.map { option in
      let flag = option.name + (option.value.map { " \($0)" } ?? "")
      return "\n  \(flag.padding(to: 17))\(option.help)"
    }.joined()
    let names = Screen<Host>.names
    let variables = (Host.environmentVariables + ["NO_COLOR", "TERM", "XDG_STATE_HOME"])
      .joined(separator: ", ")
    return """
      usage: \(name) [--screen NAME]\(hostUsage) [--debug] [--strict]
             \(indent) [--no-history] [--record FILE]
             \(name) --replay FILE
             \(name) --help | --version

      A REPL over Elm-style features, one screen each: \(names).
      Type 'help' inside for the commands. Reads commands from standard input; with a pipe it
      prints no prompt and exits at the end of input, after saving.

      At a terminal, lines are edited as in a shell: arrows, Home/End, Ctrl-A/E/B/F/U/K/W/L,
      Up/Down and Ctrl-R for earlier lines, Tab to complete; Ctrl-C stops the screen's work,
      twice (or Ctrl-D) quits. With TERM unset or dumb, lines are read plainly.

      options:
        --screen NAME    open a screen at start (\(names))\(hostHelp)
        --debug          log every action and the state fields it changed
        --strict         exit with status 1 if any command failed
        --no-history     neither read nor keep the line history
                         (kept in $XDG_STATE_HOME/\(name)/history, the last 1,000 lines)
        --record FILE    record the session (commands, actions, states) in FILE
        --replay FILE    replay a recording (from --record or 'report') with no network,
                         clock or files, printing each command and its screen; exits 1 if
                         the app no longer reaches the recorded states
        --help           show this help
        --version        show the version

      environment: \(variables)
      """
  }

  /// Parses the arguments after the program name, `Host`'s options among them.
  public static func parse<Host: ShellHost>(_ arguments: [String], for _: Host.Type)
    throws(OptionsError) -> Options
  {
    var options = Options()
    var rest = arguments[...]
    var seen: Set<String> = []
    while let argument = rest.popFirst() {
      // NOTE: an option given twice is a mistake to name, not one to settle by taking the last.
      if argument.hasPrefix("--"), !seen.insert(argument).inserted {
        throw OptionsError("\(argument.clipped()) is given twice; give it once")
      }
      switch argument {
      case "--help", "-h": options.showsHelp = true
      case "--version": options.showsVersion = true
      case "--debug": options.debug = true
      case "--strict": options.strict = true
      case "--no-history": options.noHistory = true
      case "--screen":
        guard let name = rest.popFirst() else { throw OptionsError("--screen needs a NAME") }
        guard Screen<Host>.named(name) != nil else {
          throw OptionsError(
            "unknown screen '\(name.clipped())' for --screen; expected one of "
              + Screen<Host>.names)
        }
        options.screen = name
      case "--record", "--replay":
        guard let file = rest.popFirst(), !file.isEmpty else {
          throw OptionsError("\(argument) needs a FILE")
        }
        if argument == "--record" { options.recordFile = file } else { options.replayFile = file }
      default:
        guard let option = Host.options.first(where: { $0.name == argument }) else {
          throw OptionsError(
            "unknown option '\(argument.clipped())'; see '\(Host.name) --help'")
        }
        guard let value = option.value else {
          options.hostValues[argument] = ""
          continue
        }
        guard let given = rest.popFirst(), !given.isEmpty else {
          throw OptionsError("\(argument) needs a \(value)")
        }
        options.hostValues[argument] = given
      }
    }
    if options.replayFile != nil, seen.count > 1 {
      throw OptionsError(
        "--replay takes no other option but FILE; see '\(Host.name) --help'")
    }
    return options
  }
}

extension Options {
  /// `path` with a leading `~` (alone or before `/`) replaced by `$HOME`, as a shell would; as
  /// is when `HOME` is unset or relative, or for `~user`.
  // NOTE: Foundation expands `~` from the password file, ignoring `$HOME` (seen: the list went
  // to the account's home while HOME pointed elsewhere).
  public static func expandingHome(_ path: String, environment: [String: String]) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], home.hasPrefix("/")
    else { return path }
    return home + path.dropFirst()
  }
}

/// A bad command line, said in one line.
public struct OptionsError: Error, Equatable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
