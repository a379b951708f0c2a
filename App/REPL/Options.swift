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

  /// The shell's own options, which no host option may take.
  static let shellOptions = [
    "--screen", "--debug", "--strict", "--no-history", "--record", "--replay", "--help", "-h",
    "--version",
  ]

  /// The usage text of `Host`'s program.
  public static func usage<Host: ShellHost>(for _: Host.Type) -> String {
    let name = Host.name
    let flags = Host.options.map { $0.name + ($0.value.map { " \($0)" } ?? "") }
    let synopsis = wrapped(
      ["usage: \(name) [--screen NAME]"] + flags.map { "[\($0)]" }
        + ["[--debug]", "[--strict]", "[--no-history]", "[--record FILE]"], indent: name.count + 8)
    let hostHelp = zip(flags, Host.options).map { "\n  \($0.padding(to: 17))\($1.help)" }.joined()
    let names = Screen<Host>.names
    let variables = (Host.environmentVariables + ["NO_COLOR", "TERM", "XDG_STATE_HOME"]).sorted()
      .enumerated().map { $0 == 0 ? "environment: \($1)," : "\($1)," }
    return """
      \(synopsis)
             \(name) --replay FILE
             \(name) --help | --version

      A REPL over Elm-style features, one screen each: \(names).
      Type 'help' inside for the commands. Reads commands from standard input; with a pipe it
      prints no prompt and exits at the end of input\(Host.saved == nil ? "" : ", after saving").

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

      \(String(wrapped(variables, indent: 13).dropLast()))
      """
  }

  /// `words` joined by spaces in lines of at most 90 columns, each after the first indented.
  private static func wrapped(_ words: [String], indent: Int) -> String {
    words.dropFirst().reduce(into: [words[0]]) { lines, word in
      if lines[lines.count - 1].count + 1 + word.count > 90 {
        lines.append(String(repeating: " ", count: indent) + word)
      } else {
        lines[lines.count - 1] += " " + word
      }
    }.joined(separator: "\n")
  }

  /// Parses the arguments after the program name, `Host`'s options among them.
  public static func parse<Host: ShellHost>(_ arguments: [String], for _: Host.Type)
    throws(OptionsError) -> Options
  {
    var options = Options()
    var rest = arguments[...]
    var seen: Set<String> = []
    /// The value after `option`; an option in its place (`--data-dir --offline`) is refused.
    func value(after option: String, _ what: String) throws(OptionsError) -> String {
      guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
        throw OptionsError("\(option) needs a \(what)")
      }
      return value
    }
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
        let name = try value(after: argument, "NAME")
        guard Screen<Host>.named(name) != nil else {
          throw OptionsError(
            "unknown screen '\(name.clipped())' for --screen; expected one of "
              + Screen<Host>.names)
        }
        options.screen = name
      case "--record", "--replay":
        let file = try value(after: argument, "FILE")
        if argument == "--record" { options.recordFile = file } else { options.replayFile = file }
      default:
        guard let option = Host.options.first(where: { $0.name == argument }) else {
          throw OptionsError(
            "unknown option '\(argument.clipped())'; see '\(Host.name) --help'")
        }
        options.hostValues[argument] =
          try option.value.map { what throws(OptionsError) in
            try value(after: argument, what)
          } ?? ""
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
