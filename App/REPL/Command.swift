import Actomaton

/// A command of a screen over one feature's `State` and `Action`: its syntax, its help, and how
/// its words become one of the feature's actions.
// NOTE: a class: the engine looks commands up by name on every line, and a copy is one retain.
public final class Command<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let name: String
  /// The arguments: how `help` shows them (`N TEXT`) and what Tab offers for the first.
  @usableFromInline let syntax: Syntax
  @usableFromInline let summary: String
  @usableFromInline let example: String
  @usableFromInline let parse: @Sendable (Arguments) throws(CommandError) -> Reaction

  /// What a command does: send an action, or show a view of the state.
  public enum Reaction: Sendable {
    case send(Action)
    case view(@Sendable (State) -> Rendered)
  }

  public convenience init(
    _ name: String, _ syntax: Syntax = "", _ summary: String, example: String? = nil,
    parse: @escaping @Sendable (Arguments) throws(CommandError) -> Action
  ) {
    self.init(
      name, syntax, summary, example: example,
      reaction: { arguments throws(CommandError) in
        .send(try parse(arguments))
      })
  }

  public init(
    _ name: String, _ syntax: Syntax, _ summary: String, example: String?,
    reaction: @escaping @Sendable (Arguments) throws(CommandError) -> Reaction
  ) {
    self.name = name
    self.syntax = syntax
    self.summary = summary
    self.example = example ?? name
    self.parse = reaction
  }

  /// A command that takes no argument and sends `action`.
  public static func simple(_ name: String, _ summary: String, _ action: Action) -> Self {
    Self(name, "", summary) { arguments throws(CommandError) in
      try arguments.expectNone(usage: name)
      return action
    }
  }

  /// A command that takes no argument and shows a view of the state.
  public static func view(
    _ name: String, _ summary: String, _ view: @escaping @Sendable (State) -> Rendered
  ) -> Self {
    Self(name, "", summary, example: nil) { arguments throws(CommandError) in
      try arguments.expectNone(usage: name)
      return .view(view)
    }
  }

  /// A command whose one argument is a value of `Choice`: its usage, its completion and its
  /// parse all come from the type.
  public static func choice<Choice: ArgumentChoice>(
    _ name: String, _: Choice.Type, _ summary: String, example: Choice,
    _ action: @escaping @Sendable (Choice) -> Action
  ) -> Self {
    Self(name, .choice(Choice.self), summary, example: "\(name) \(example.word)") {
      arguments throws(CommandError) in
      action(try arguments.choice(Choice.self, after: name))
    }
  }

  var arguments: String { syntax.text }

  var usage: String { arguments.isEmpty ? name : "\(name) \(arguments)" }

  /// The command as the engine runs it, on the app's state and actions.
  @inlinable func erased<RootState, RootAction>(
    state: @escaping @Sendable (RootState) -> State?, action: CasePath<RootAction, Action>
  ) -> Command<RootState, RootAction> {
    let parse = self.parse
    return Command<RootState, RootAction>(name, syntax, summary, example: example) {
      arguments throws(CommandError) in
      switch try parse(arguments) {
      case let .send(feature): return .send(action.embed(feature))
      case let .view(view):
        return .view { root in state(root).map(view) ?? Rendered([]) }
      }
    }
  }
}

/// A command's arguments, as `help` shows them and as Tab completes the first.
public struct Syntax: Sendable, ExpressibleByStringLiteral {
  let text: String
  let values: Values

  /// What Tab offers for the first argument.
  public enum Values: Sendable {
    case none
    /// The numbers of the items the screen shows.
    case items
    case words([String])
  }

  public init(text: String, values: Values) {
    self.text = text
    self.values = values
  }

  /// Arguments that Tab does not complete.
  public init(stringLiteral text: String) { self.init(text: text, values: .none) }

  /// `N`, an item's number, then `rest` (` TEXT`).
  public static func item(_ rest: String = "") -> Syntax {
    Syntax(text: "N" + rest, values: .items)
  }

  /// One of `Choice`'s words.
  public static func choice<Choice: ArgumentChoice>(_: Choice.Type) -> Syntax {
    Syntax(text: Choice.usage, values: .words(Choice.words))
  }
}

/// A command as the engine runs it.
@usableFromInline typealias ScreenCommand<Host: ShellHost> = Command<Host.State, Host.Action>

/// What was wrong with a command line: one line for the user.
public struct CommandError: Error, Equatable {
  public let message: String
  public init(_ message: String) { self.message = message }
}
