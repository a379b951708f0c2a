import OutsideText

/// A field-by-field comparison of two values, listing only what changed.
///
/// Values are walked with `Mirror`: struct and class fields (inherited ones too), tuple elements,
/// enum payloads, collection elements and dictionary entries each get a path (`.todos[2].title`).
/// Leaves are compared by their description, so the diff works for any type, `Equatable` or not.
///
/// The walk ends on any value and costs what changed, not the size of the state:
/// - a part that is bitwise the same (shared storage, the same object) or `==` to its old value is
///   skipped without being walked; an object met twice (a cycle) is walked once;
/// - past ``maximumDepth`` levels a change shows as `…`, and after ``maximumValues`` values the walk
///   stops with a line saying so;
/// - sets are compared by membership, dictionaries by key (`==`, not the key's description),
///   collections after dropping their common ends, by element identity (`Identifiable`) or a
///   longest common subsequence, so one insert reads as one `+` line;
/// - standard-library and Foundation values (`Date`, `URL`, `Decimal`, `Duration`, …) are leaves.
public struct StateDiff: Sendable, Equatable {
  /// One changed value: where it is, and its description before and after.
  public struct Change: Sendable, Equatable {
    /// The path from the root, such as `.items[1].title`; empty for the root itself.
    public let path: String
    /// The old value's description, or `nil` when the value did not exist before.
    public let old: String?
    /// The new value's description, or `nil` when the value no longer exists.
    public let new: String?
  }

  /// The changes, in the order of the fields.
  public let changes: [Change]

  /// How deep the walk goes before it shows a change as `…`.
  public static let maximumDepth = 64
  /// How many values the walk visits before it stops.
  public static let maximumValues = 200_000

  /// Compares `old` with `new`.
  ///
  /// - Parameters:
  ///   - old: The value before, such as the state before an action.
  ///   - new: The value after.
  public init<Value>(old: Value, new: Value) {
    var walker = DiffWalker()
    walker.compare(old, new, path: "", depth: 0)
    self.changes = walker.changes
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { changes.isEmpty }

  /// The changes as lines: `  .path: old → new`, with `−`/`+` marking removed and added values.
  ///
  /// - Parameter indent: The text put before each line; two spaces by default.
  /// - Returns: One line per change, in the order of ``changes``; the root's path reads `(root)`.
  public func lines(indent: String = "  ") -> [String] {
    changes.map { change in
      let path = change.path.isEmpty ? "(root)" : change.path
      switch (change.old, change.new) {
      case let (old?, new?): return "\(indent)\(path): \(old) → \(new)"
      case let (old?, nil): return "\(indent)− \(path): \(old)"
      case let (nil, new?): return "\(indent)+ \(path): \(new)"
      case (nil, nil): return "\(indent)\(path)"
      }
    }
  }

  /// A value as the log shows it: type names without their module, text quoted, and nothing
  /// from outside that could change the terminal.
  ///
  /// - Parameter value: Any value (an action, a field).
  /// - Returns: One line describing it.
  public static func describe(_ value: Any) -> String {
    if let string = value as? String { return quoted(string) }
    if let text = value as? Substring { return quoted(text) }
    if let character = value as? Character { return quoted(String(character)) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return describe(wrapped)
    }
    // NOTE: a type's own description is its author's text (`README.md`), never cut; only the
    // runtime's reflected descriptions carry qualified type names.
    let text = String(describing: value)
    return escapingControls(hasOwnDescription(value, mirror) ? text : shortened(text))
  }

  /// Text from outside made visible by the one rule (``OutsideText``), newlines too, so that a
  /// value keeps to its line: a `String`'s nested in a description are escaped by Swift already,
  /// but a custom description, a `Substring` or a `Character` may carry anything.
  static func escapingControls(_ text: String) -> String {
    text.terminalSafe(keepingLineBreaks: false)
  }

  /// A text value in quotes, made visible by the one rule.
  private static func quoted(_ text: some StringProtocol) -> String {
    "\"" + text.terminalSafe(keepingLineBreaks: false) + "\""
  }

  /// Drops module and namespace qualifiers from nested payloads:
  /// `App.Root.Current.counter(CounterFeature.Counter.State(count: 1))` reads
  /// `.counter(State(count: 1))`. Quoted text (a `String`'s or `Character`'s description inside
  /// the value's) is state, not a type name, and is left as it is.
  static func shortened(_ description: String) -> String {
    guard description.contains(".") else { return description }
    var result = ""
    var rest = description[...]
    while let quote = rest.firstIndex(of: "\"") {
      let end = endOfLiteral(in: rest, openingAt: quote)
      result += shortenedNames(rest[..<quote]) + rest[quote..<end]
      rest = rest[end...]
    }
    return result + shortenedNames(rest)
  }

  /// Where the quoted literal opening at `quote` ends (past its closing quote; a backslash
  /// escapes the character after it), or the end of `text` if it never closes.
  private static func endOfLiteral(in text: Substring, openingAt quote: Substring.Index)
    -> Substring.Index
  {
    var index = text.index(after: quote)
    while index < text.endIndex {
      switch text[index] {
      case "\\": index = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
      case "\"": return text.index(after: index)
      default: index = text.index(after: index)
      }
    }
    return text.endIndex
  }
}
