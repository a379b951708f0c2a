import Actomaton
import AppRoot
import ClientSupport

/// A command of a screen over one feature's `State` and `Action`: its syntax, its help, and how
/// its words become one of the feature's actions.
struct Command<State: Sendable, Action: Sendable>: Sendable {
  let name: String
  /// The arguments, as `help` shows them (`N TEXT`).
  let arguments: String
  let summary: String
  let example: String
  let parse: @Sendable (Arguments) throws(CommandError) -> Reaction

  /// What a command does: send an action, or show a view of the state.
  enum Reaction: Sendable {
    case send(Action)
    case view(@Sendable (State) -> Rendered)
  }

  init(
    _ name: String, _ arguments: String = "", _ summary: String, example: String? = nil,
    parse: @escaping @Sendable (Arguments) throws(CommandError) -> Action
  ) {
    self.init(
      name, arguments, summary, example: example,
      reaction: { arguments throws(CommandError) in
        .send(try parse(arguments))
      })
  }

  init(
    _ name: String, _ arguments: String, _ summary: String, example: String?,
    reaction: @escaping @Sendable (Arguments) throws(CommandError) -> Reaction
  ) {
    self.name = name
    self.arguments = arguments
    self.summary = summary
    self.example = example ?? name
    self.parse = reaction
  }

  /// A command that takes no argument and sends `action`.
  static func simple(_ name: String, _ summary: String, _ action: Action) -> Self {
    Self(name, "", summary) { arguments throws(CommandError) in
      try arguments.expectNone(usage: name)
      return action
    }
  }

  /// A command that takes no argument and shows a view of the state.
  static func view(
    _ name: String, _ summary: String, _ view: @escaping @Sendable (State) -> Rendered
  ) -> Self {
    Self(name, "", summary, example: nil) { arguments throws(CommandError) in
      try arguments.expectNone(usage: name)
      return .view(view)
    }
  }

  var usage: String { arguments.isEmpty ? name : "\(name) \(arguments)" }

  /// The command as the engine runs it, on the app's state and actions.
  func erased(
    state: CasePath<Root.State.Current, State>, action: CasePath<Root.Action, Action>
  ) -> ScreenCommand {
    let parse = self.parse
    return ScreenCommand(name, arguments, summary, example: example) {
      arguments throws(CommandError) in
      switch try parse(arguments) {
      case let .send(feature): return .send(action.embed(feature))
      case let .view(view):
        return .view { current in state.extract(from: current).map(view) ?? Rendered([]) }
      }
    }
  }
}

/// A command as the engine runs it.
typealias ScreenCommand = Command<Root.State.Current, Root.Action>

/// What was wrong with a command line: one line for the user.
struct CommandError: Error, Equatable {
  let message: String
  init(_ message: String) { self.message = message }
}
