import AppRoot
import FeatureSupport

/// A screen of the REPL as the engine uses it: a `FeatureScreen` erased to the app's state and
/// actions. Each closure answers `nil` (or nothing) for a state of another screen.
struct Screen: Sendable {
  let name: String
  let summary: String
  let initial: Root.State.Current
  let commands: [ScreenCommand]
  /// The lines shown after each command.
  let render: @Sendable (Root.State.Current) -> Rendered?
  /// A one-line notice for a change that an effect made, or `nil` to stay quiet (ticks).
  let notice: @Sendable (Root.Action, Root.State.Current) -> String?
  /// What Ctrl-C sends to stop the work in flight, or `nil` when there is nothing to stop.
  let interrupt: @Sendable (Root.State.Current) -> Root.Action?
  /// What is sent after a command, before the screen is shown, to take in what changed outside
  /// the program (the todo list saved by another session), or `nil`.
  let reload: @Sendable (Root.State.Current) -> Root.Action?
  /// How many numbered items the screen shows.
  let itemCount: @Sendable (Root.State.Current) -> Int
  /// The question pending on the screen: the next line answers it.
  let question: @Sendable (Root.State.Current) -> String?
  /// The action that answers the screen's question, when the screen asks any.
  let answer: @Sendable (Answer) -> Root.Action?

  func command(named name: String) -> ScreenCommand? {
    commands.first { $0.name == name }
  }

  static let all: [Screen] = [.counter, .stopwatch, .stateDiagram, .todo, .gitHubSearch]

  static func named(_ name: String) -> Screen? {
    all.first { $0.name == name }
  }

  /// The screen that shows `current`.
  static func of(_ current: Root.State.Current) -> Screen {
    switch current {
    case .counter: .counter
    case .stopwatch: .stopwatch
    case .stateDiagram: .stateDiagram
    case .todo: .todo
    case .gitHubSearch: .gitHubSearch
    }
  }
}
