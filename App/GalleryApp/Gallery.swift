import Actomaton
import ActomatonREPL
import AppRoot
import Foundation
import GitHubClient
import TodoFeature
import TodoStorage

/// The gallery: the app's root and its five screens in the shell.
public enum Gallery: ShellHost {
  public static let name = "gallery"
  public static let title = "Actomaton Gallery"
  public static let version = "gallery 0.1.0"
  public static var initialState: Root.State { Root.State() }
  public static var reducer: Reducer<Root.Action, Root.State, Root.Environment> { Root.reducer }
  public static let leave = Root.Action.changeCurrent(nil)

  /// Every screen, in the order the home screen lists them: a screen is registered here and
  /// nowhere else.
  public static let screens: [Screen<Gallery>] = [
    counter, stopwatch, stateDiagram, todo, gitHubSearch,
  ]

  public static let options = [
    HostOption(
      "--data-dir", value: "DIR",
      help: "keep the todo list in DIR/todos.json (default: $XDG_DATA_HOME/gallery)"),
    HostOption("--offline", help: "search a bundled set of repositories instead of GitHub"),
  ]

  public static let environmentVariables = [
    "GITHUB_TOKEN (or GH_TOKEN)", "GITHUB_API_URL", "XDG_DATA_HOME",
  ]

  public static func environment(_ surroundings: Surroundings<Gallery>) -> Root.Environment {
    providing(Root.Environment(), surroundings)
  }

  public static func promptTag(_ state: Root.State) -> String? { state.signedInUser }

  public static func ownFiles(_ live: Surroundings<Gallery>.Live) -> [(name: String, url: URL)] {
    [("the todo list", todoFile(live))]
  }

  /// The todo list's file: in `--data-dir`, else the XDG default.
  static func todoFile(_ live: Surroundings<Gallery>.Live) -> URL {
    (live.path("--data-dir")
      ?? TodoStorage.defaultDirectory(environment: live.processEnvironment))
      .appendingPathComponent(TodoStorage.fileName)
  }
}

extension FeatureScreen.Place where Host == Gallery {
  /// The payload of the screen's case, `initial` when the screen opens.
  static func screen(_ path: CasePath<Root.State.Screen, State>, initial: State) -> Self {
    Self(
      open: .changeCurrent(path.embed(initial)),
      shows: { $0.screen.map { path.extract(from: $0) != nil } ?? false },
      state: { $0.screen.flatMap(path.extract) })
  }

  /// A part of the app's state kept for the whole session, shown while the screen is the
  /// payload-less case `path`.
  static func session(
    _ path: CasePath<Root.State.Screen, Void>, _ part: @escaping @Sendable (Root.State) -> State
  ) -> Self {
    Self(
      open: .changeCurrent(path.embed(())),
      shows: { $0.screen.map { path.extract(from: $0) != nil } ?? false },
      state: { state in state.screen.flatMap(path.extract).map { part(state) } })
  }
}

extension ScreenEnvironment where Host == Gallery {
  /// The feature's environment made from the surroundings, kept in the root's under its type.
  init<Feature: Sendable>(
    _ make: @escaping @Sendable (Surroundings<Gallery>) -> Feature,
    inputs: @escaping @Sendable (inout Feature, any InputTap) -> Void = { _, _ in }
  ) {
    self.init(
      provide: { environment, surroundings in environment[Feature.self] = make(surroundings) },
      tapInputs: { environment, tap in inputs(&environment[Feature.self], tap) })
  }
}

extension Options {
  /// The gallery's command line.
  public static func parse(_ arguments: [String]) throws(OptionsError) -> Options {
    try parse(arguments, for: Gallery.self)
  }

  public static var usage: String { usage(for: Gallery.self) }

  public var offline: Bool { hostValues["--offline"] != nil }
  public var dataDirectory: String? { hostValues["--data-dir"] }
}

extension Root.Environment {
  /// The environment of the real app: the system clock, the Todo file, GitHub (or its offline
  /// fixture) and the simulated auth server.
  ///
  /// - Parameters:
  ///   - dataDirectory: Where the Todo list lives; the XDG default when `nil`.
  ///   - offline: Search the bundled fixture instead of GitHub.
  ///   - processEnvironment: `GITHUB_TOKEN`, `GH_TOKEN`, `GITHUB_API_URL` and the XDG folders
  ///     are read from it.
  public static func live(
    dataDirectory: URL?, offline: Bool, processEnvironment: [String: String]
  ) -> Root.Environment {
    var options = Options()
    options.hostValues["--data-dir"] = dataDirectory?.path
    options.hostValues["--offline"] = offline ? "" : nil
    let live = Surroundings<Gallery>.Live(options: options, processEnvironment: processEnvironment)
    return Gallery.environment(Surroundings(clock: ContinuousClock(), live: live))
  }

  /// Every screen's environment on `clock`, its clients refusing every call: for tests, which
  /// set what their scenario uses.
  public static func inert(clock: any Clock<Duration>) -> Root.Environment {
    Gallery.inert(clock: clock)
  }
}

// NOTE: the features know nothing of the shell: their choices become its arguments here.
extension Todo.Filter: ArgumentChoice {}
extension SearchQuery.Sort: ArgumentChoice {}
