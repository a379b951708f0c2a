import Actomaton
import Foundation
import LineEditor

/// What a package gives the shell to run its features: its app's root (state, actions,
/// environment, reducer) and a screen over each feature. `Shell<Host>.main()` does the rest:
/// the prompt, line editing, history, completion, `help`, `open`, `undo`/`redo`/`history`,
/// `report`, `--record`/`--replay`, `--strict`, safe output and signals.
///
/// ```swift
/// enum PomodoroApp: ShellHost {
///   static let name = "pomodoro"
///   static let screens: [Screen<PomodoroApp>] = [timer]  // FeatureScreen(...).erased
///   ...
/// }
/// exit(await Shell<PomodoroApp>.main())
/// ```
///
/// `Examples/Pomodoro` is a whole host in five files. To test a host in process, run an
/// `Engine(environment: Host.inert(clock:), console: BufferConsole())` and `execute` lines.
public protocol ShellHost: SendableMetatype {
  associatedtype State: Equatable & Codable & Sendable
  associatedtype Action: Codable & Sendable
  associatedtype Environment: Sendable

  /// The program's name, as its usage, its messages and its folders spell it (`gallery`: the
  /// line history is kept in `$XDG_STATE_HOME/gallery/history`).
  static var name: String { get }
  /// The banner's title.
  static var title: String { get }
  /// What `--version` prints.
  static var version: String { get }
  /// The state a session starts in, on the home screen.
  static var initialState: State { get }
  static var reducer: Reducer<Action, State, Environment> { get }
  /// Every screen, in the order the home screen lists them: `open`, completion, `help`,
  /// `--screen`, the usage text and a replay read this list and nothing else.
  static var screens: [Screen<Self>] { get }
  /// The action that leaves the screen shown for the home screen.
  static var leave: Action { get }
  /// The environment of a session: live (with the options given), or on a clock with every
  /// client refusing (a replay, a test). A host whose screens make their features' environments
  /// (`FeatureScreen`'s `environment:`) returns ``providing(_:_:)`` of an empty one.
  static func environment(_ surroundings: Surroundings<Self>) -> Environment

  /// The host's own command-line options, listed after `--screen`.
  static var options: [HostOption] { get }
  /// The environment variables the host reads, for the usage text.
  static var environmentVariables: [String] { get }
  /// What the prompt says after the screen's name (who is logged in), or `nil`.
  static func promptTag(_ state: State) -> String?
  /// The part of the state kept outside the program, which undo, quitting and `--strict` take
  /// care of; `nil` when there is none.
  static var saved: SavedPart<Self>? { get }
  /// The files a recording must not replace besides the shell's own (the line history, the
  /// report), named for the message.
  static func ownFiles(_ live: Surroundings<Self>.Live) -> [(name: String, url: URL)]
}

extension ShellHost {
  public static var options: [HostOption] { [] }
  public static var environmentVariables: [String] { [] }
  public static func promptTag(_: State) -> String? { nil }
  public static var saved: SavedPart<Self>? { nil }
  public static func ownFiles(_: Surroundings<Self>.Live) -> [(name: String, url: URL)] { [] }

  /// `environment`, with the inputs each screen's reducer reads (ids, clocks) recorded or
  /// replayed by `tap`.
  static func tapping(_ environment: Environment, _ tap: any InputTap) -> Environment {
    var environment = environment
    for screen in screens { screen.environment?.tapInputs(&environment, tap) }
    return environment
  }

  /// `start`, with the environment each screen provides for its feature.
  public static func providing(_ start: Environment, _ surroundings: Surroundings<Self>)
    -> Environment
  {
    var environment = start
    for screen in screens { screen.environment?.provide(&environment, surroundings) }
    return environment
  }

  /// What is wrong with the host's screens and options, each with the way out; empty when
  /// nothing is. `Shell.main` refuses to start a host with a problem.
  @usableFromInline static func declarationProblems(
    screens: [Screen<Self>] = screens, options: [HostOption] = options
  ) -> [String] {
    let globals = GlobalCommand<Self>.all.flatMap(\.names)
    var (screenNames, optionNames) = (Set<String>(), Set(Options.shellOptions))
    let badScreens = screens.map(\.name).filter { name in
      !screenNames.insert(name).inserted || name.isEmpty || Int(name) != nil
        || name.contains(where: \.isWhitespace) || globals.contains(name)
    }
    let badOptions = options.map(\.name).filter {
      !$0.hasPrefix("--") || $0.count < 3 || !optionNames.insert($0).inserted
    }
    return badScreens.map {
      "the screen name '\($0)' is taken or not a word: name each screen with one word of its "
        + "own, not a number nor a global command (\(globals.joined(separator: ", ")))"
    }
      + badOptions.map {
        "the option '\($0)' is taken or not an option: name each one --NAME, other than the "
          + "shell's (\(Options.shellOptions.joined(separator: ", ")))"
      }
  }

  /// `$XDG_STATE_HOME/NAME/file`, else `~/.local/state/NAME/file` (NAME the host's); a
  /// relative `XDG_STATE_HOME` is ignored, as the XDG base directory specification asks.
  static func stateFile(_ file: String, _ environment: [String: String])
    throws(HistoryFileError) -> URL
  {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("\(name)/\(file)")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else {
      throw HistoryFileError(
        path: "~/.local/state", reason: "neither XDG_STATE_HOME nor HOME is set")
    }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/\(name)/\(file)")
  }

  /// Whether `action` is one of a screen's ticks, which the debug log and `history` only count.
  static func isTick(_ action: Action) -> Bool { screens.contains { $0.isTick(action) } }

  /// An environment on `clock` whose clients refuse every call: for tests and replays.
  public static func inert(clock: any Clock<Duration>) -> Environment {
    environment(Surroundings(clock: clock, live: nil))
  }
}

/// A command-line option of the host's own (`--offline`, `--data-dir DIR`).
public struct HostOption: Sendable {
  /// `--data-dir`.
  public let name: String
  /// What it takes (`DIR`); `nil` for a switch.
  public let value: String?
  /// One line for the usage text.
  public let help: String

  public init(_ name: String, value: String? = nil, help: String) {
    (self.name, self.value, self.help) = (name, value, help)
  }
}
