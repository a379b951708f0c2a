/// An argument that is one word of a fixed set: the parser, the usage text (`on|off`) and Tab
/// completion all read `choices`, so the set is spelled once, by the type.
public protocol ArgumentChoice: Sendable {
  /// Every value, in the order usage and messages list them.
  static var choices: [Self] { get }
  /// The word that names the value on the command line.
  var word: String { get }
}

extension ArgumentChoice where Self: CaseIterable & RawRepresentable<String> {
  public static var choices: [Self] { Array(allCases) }
  public var word: String { rawValue }
}

extension ArgumentChoice {
  /// `all|active|completed`, as usage shows the argument.
  public static var usage: String { choices.map(\.word).joined(separator: "|") }

  public static var words: [String] { choices.map(\.word) }

  /// The value named `word`, if any.
  static func named(_ word: String) -> Self? {
    choices.first { $0.word == word }
  }

  /// `'debug on' or 'debug off'`: every way to write `command` with one of the choices.
  static func alternatives(after command: String) -> String {
    let quoted = words.map { "'\(command) \($0)'" }
    guard quoted.count > 1 else { return quoted.joined() }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
  }
}

extension Arguments {
  /// The only word, as one of `Choice`'s values.
  func choice<Choice: ArgumentChoice>(
    _: Choice.Type, after command: String
  ) throws(CommandError) -> Choice {
    guard words.count == 1, let value = Choice.named(words[0]) else {
      let got = ([command] + [text.clipped()].filter { !$0.isEmpty }).joined(separator: " ")
      throw CommandError("Expected \(Choice.alternatives(after: command)), got '\(got)'.")
    }
    return value
  }
}

/// `debug on|off`.
enum Switch: String, CaseIterable, ArgumentChoice {
  case on, off
}

extension Screen: ArgumentChoice {
  public static var choices: [Screen] { Host.screens }
  public var word: String { name }
}
