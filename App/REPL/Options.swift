/// The command line of `gallery`.
public struct Options: Equatable, Sendable {
  public var screen: String?
  public var dataDirectory: String?
  public var offline = false
  public var debug = false
  public var strict = false
  public var noHistory = false
  /// `--record FILE`: where the whole session is recorded.
  public var recordFile: String?
  /// `--replay FILE`: the recording to replay instead of a session.
  public var replayFile: String?
  public var showsHelp = false
  public var showsVersion = false

  public static let version = "gallery 0.1.0"

  public static let usage = """
    usage: gallery [--screen NAME] [--data-dir DIR] [--offline] [--debug] [--strict]
                   [--no-history] [--record FILE]
           gallery --replay FILE
           gallery --help | --version

    A REPL over Elm-style features, one screen each: \(Screen.names).
    Type 'help' inside for the commands. Reads commands from standard input; with a pipe it
    prints no prompt and exits at the end of input, after saving.

    At a terminal, lines are edited as in a shell: arrows, Home/End, Ctrl-A/E/B/F/U/K/W/L,
    Up/Down and Ctrl-R for earlier lines, Tab to complete; Ctrl-C stops the screen's work,
    twice (or Ctrl-D) quits. With TERM unset or dumb, lines are read plainly.

    options:
      --screen NAME    open a screen at start (\(Screen.names))
      --data-dir DIR   keep the todo list in DIR/todos.json (default: $XDG_DATA_HOME/gallery)
      --offline        search a bundled set of repositories instead of GitHub
      --debug          log every action and the state fields it changed
      --strict         exit with status 1 if any command failed
      --no-history     neither read nor keep the line history
                       (kept in $XDG_STATE_HOME/gallery/history, the last 1,000 lines)
      --record FILE    record the session (commands, actions, states) in FILE
      --replay FILE    replay a recording (from --record or 'report') with no network,
                       clock or files, printing each command and its screen; exits 1 if
                       the app no longer reaches the recorded states
      --help           show this help
      --version        show the version

    environment: GITHUB_TOKEN (or GH_TOKEN), GITHUB_API_URL, NO_COLOR, TERM, XDG_DATA_HOME,
                 XDG_STATE_HOME
    """

  public init() {}

  /// Parses the arguments after the program name.
  public static func parse(_ arguments: [String]) throws(OptionsError) -> Options {
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
      case "--offline": options.offline = true
      case "--debug": options.debug = true
      case "--strict": options.strict = true
      case "--no-history": options.noHistory = true
      case "--screen":
        guard let name = rest.popFirst() else { throw OptionsError("--screen needs a NAME") }
        guard Screen.named(name) != nil else {
          throw OptionsError(
            "unknown screen '\(name.clipped())' for --screen; expected one of \(Screen.names)")
        }
        options.screen = name
      case "--record", "--replay":
        guard let file = rest.popFirst(), !file.isEmpty else {
          throw OptionsError("\(argument) needs a FILE")
        }
        if argument == "--record" { options.recordFile = file } else { options.replayFile = file }
      case "--data-dir":
        guard let directory = rest.popFirst(), !directory.isEmpty else {
          throw OptionsError("--data-dir needs a DIR")
        }
        options.dataDirectory = directory
      default:
        throw OptionsError("unknown option '\(argument.clipped())'; see 'gallery --help'")
      }
    }
    if options.replayFile != nil, seen.count > 1 {
      throw OptionsError("--replay takes no other option but FILE; see 'gallery --help'")
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
  init(_ description: String) { self.description = description }
}
