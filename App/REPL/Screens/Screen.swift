import AppRoot
import FeatureSupport

/// A screen of the REPL as the engine uses it: a `FeatureScreen` erased to the app's state and
/// actions. Each closure answers `nil` (or nothing) for a state of another screen.
struct Screen: Sendable {
  /// The name the REPL's commands, prompt, `--screen` and completion use.
  let name: String
  /// The screen's name in prose, for `help SCREEN`.
  let title: String
  /// One line for the list of screens.
  let summary: String
  /// What opening the screen shows: its feature's first state.
  let initial: Root.State.Screen
  /// Whether the app's screen is this one.
  let shows: @Sendable (Root.State.Screen) -> Bool
  let commands: [ScreenCommand]
  /// The feature's state, for the `state` command.
  let featureState: @Sendable (Root.State) -> (any Sendable)?
  /// The lines shown after each command.
  let render: @Sendable (Root.State) -> Rendered?
  /// A one-line notice for a change that an effect made, or `nil` to stay quiet (ticks).
  let notice: @Sendable (Root.Action, Root.State) -> String?
  /// What changed outside, shown once: see ``Rendered/news``.
  let news: @Sendable (Root.State) -> String?
  /// What Ctrl-C sends to stop the work in flight, or `nil` when there is nothing to stop.
  let interrupt: @Sendable (Root.State) -> Root.Action?
  /// What tells the screen that the request its restored state waits on is not running.
  let abandon: @Sendable (Root.State) -> Root.Action?
  /// What is sent after a command, before the screen is shown, to take in what changed outside
  /// the program (the todo list saved by another session), or `nil`.
  let reload: @Sendable (Root.State) -> Root.Action?
  /// How many numbered items the screen shows.
  let itemCount: @Sendable (Root.State) -> Int
  /// The question pending on the screen: the next line answers it.
  let question: @Sendable (Root.State) -> String?
  /// The action that answers the screen's question, when the screen asks any.
  let answer: @Sendable (Answer) -> Root.Action?
  /// The feature's environment, `nil` when it has none.
  let environment: ScreenEnvironment?

  func command(named name: String) -> ScreenCommand? {
    commands.first { $0.name == name }
  }

  // MARK: - The registry

  /// Every screen, in the order the home screen lists them. A screen is registered here and
  /// nowhere else: `open`, completion, `help`, `--screen` and the usage text read this list.
  static let all: [Screen] = [.counter, .stopwatch, .stateDiagram, .todo, .gitHubSearch]

  static func named(_ name: String) -> Screen? {
    all.first { $0.name == name }
  }

  /// The screen that shows `screen`.
  static func of(_ screen: Root.State.Screen) -> Screen {
    // NOTE: a case of `Root.State.Screen` missing from `all` is a programming error, which
    // `ScreenRegistryTests.everyCaseOfTheRootsScreenIsRegistered` catches.
    guard let registered = all.first(where: { $0.shows(screen) }) else {
      preconditionFailure("a screen of Root.State.Screen is missing from Screen.all")
    }
    return registered
  }

  /// The names of every screen, for messages: `counter, stopwatch, login, todo, github`.
  static var names: String { all.map(\.name).joined(separator: ", ") }
}

extension Root.State.Screen {
  /// The screen's name, as the REPL's commands and prompt spell it.
  var screenName: String { Screen.of(self).name }
}
