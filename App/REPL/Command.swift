import AppRoot
import ClientSupport

/// A command of a screen: its syntax, its help, and how its words become an action.
struct Command: Sendable {
  let name: String
  /// The arguments, as `help` shows them (`N TEXT`).
  let arguments: String
  let summary: String
  let example: String
  let parse: @Sendable (Arguments) throws(CommandError) -> Reaction

  /// What a command does: send an action, or show a view of the state.
  enum Reaction: Sendable {
    case send(Root.Action)
    case view(@Sendable (Root.State.Current) -> [String])
  }

  init(
    _ name: String, _ arguments: String = "", _ summary: String, example: String? = nil,
    parse: @escaping @Sendable (Arguments) throws(CommandError) -> Root.Action
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
  static func simple(_ name: String, _ summary: String, _ action: Root.Action) -> Command {
    Command(name, "", summary) { arguments throws(CommandError) in
      try arguments.expectNone(usage: name)
      return action
    }
  }

  /// A command that takes no argument and shows a view of the state.
  static func view(
    _ name: String, _ summary: String,
    _ lines: @escaping @Sendable (Root.State.Current) -> [String]
  ) -> Command {
    Command(name, "", summary, example: nil) { arguments throws(CommandError) in
      try arguments.expectNone(usage: name)
      return .view(lines)
    }
  }

  var usage: String { arguments.isEmpty ? name : "\(name) \(arguments)" }
}

/// What was wrong with a command line: one line for the user.
struct CommandError: Error, Equatable {
  let message: String
  init(_ message: String) { self.message = message }
}

/// The words after a command's name.
struct Arguments: Sendable {
  /// The text after the command name, trimmed.
  let text: String
  let words: [String]

  init(_ text: String) {
    self.text = text.trimmingWhitespace()
    words = self.text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  func expectNone(usage: String) throws(CommandError) {
    guard words.isEmpty else {
      throw CommandError("'\(usage)' takes no argument, but got '\(text.clipped())'.")
    }
  }

  /// The `index`-th word as a whole number.
  func number(_ index: Int, named name: String, usage: String) throws(CommandError) -> Int {
    guard index < words.count else {
      throw CommandError("Missing \(name): expected '\(usage)'.")
    }
    guard let value = Int(words[index]) else {
      throw CommandError(
        "'\(words[index].clipped())' is not a whole number: expected '\(usage)'.")
    }
    return value
  }

  /// The text after the first `count` words, required to be non-empty.
  func rest(after count: Int, named name: String, usage: String) throws(CommandError) -> String {
    var remainder = Substring(text)
    for _ in 0..<count {
      remainder = remainder.drop(while: { !$0.isWhitespace }).drop(while: \.isWhitespace)
    }
    guard !remainder.isEmpty else { throw CommandError("Missing \(name): expected '\(usage)'.") }
    return String(remainder)
  }
}

extension String {
  /// At most `limit` characters, with an ellipsis when cut: user text quoted in messages.
  func clipped(_ limit: Int = 40) -> String {
    count <= limit ? self : String(prefix(limit)) + "…"
  }
}
