import OutsideText

/// A field-by-field comparison of two values, listing only what changed.
///
/// Values are walked with `Mirror`: struct and class fields, tuple elements, enum payloads,
/// collection elements and dictionary entries each get a path (`.todos[2].title`). Leaves are
/// compared by their description, so the diff works for any type, `Equatable` or not.
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

  /// Compares `old` with `new`.
  public init<Value>(old: Value, new: Value) {
    var changes: [Change] = []
    Self.compare(old, new, path: "", into: &changes)
    self.changes = changes
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { changes.isEmpty }

  /// The changes as lines: `  .path: old → new`, with `−`/`+` marking removed and added values.
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

  private static func compare(_ old: Any, _ new: Any, path: String, into changes: inout [Change]) {
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    let oldChildren = Array(oldMirror.children)
    let newChildren = Array(newMirror.children)
    let isLeaf = (oldChildren.isEmpty && newChildren.isEmpty) || isOpaqueLibraryValue(old)
    let sameShape =
      type(of: old) == type(of: new) && oldMirror.displayStyle == newMirror.displayStyle
      && (oldMirror.displayStyle != .enum || caseName(old) == caseName(new))
      && (oldMirror.displayStyle != .optional || oldChildren.count == newChildren.count)
    if isLeaf || !sameShape {
      let (oldText, newText) = (describe(old), describe(new))
      if oldText != newText { changes.append(Change(path: path, old: oldText, new: newText)) }
      return
    }
    switch oldMirror.displayStyle {
    case .collection?, .set?:
      compareElements(oldChildren, newChildren, path: path, into: &changes)
    case .dictionary?:
      compareDictionaries(oldChildren, newChildren, path: path, into: &changes)
    case .optional?:
      compare(oldChildren[0].value, newChildren[0].value, path: path, into: &changes)
    default:
      let prefix = oldMirror.displayStyle == .enum ? "\(path).\(caseName(old))" : path
      for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
        let label = oldChild.label.map { $0.hasPrefix(".") ? $0 : ".\($0)" } ?? ".\(index)"
        let childPath =
          oldMirror.displayStyle == .enum && oldChildren.count == 1
          ? prefix : prefix + label
        compare(oldChild.value, newChild.value, path: childPath, into: &changes)
      }
    }
  }

  private static func compareElements(
    _ old: [Mirror.Child], _ new: [Mirror.Child], path: String, into changes: inout [Change]
  ) {
    for index in 0..<max(old.count, new.count) {
      let elementPath = "\(path)[\(index)]"
      switch (index < old.count, index < new.count) {
      case (true, true):
        compare(old[index].value, new[index].value, path: elementPath, into: &changes)
      case (true, false):
        changes.append(Change(path: elementPath, old: describe(old[index].value), new: nil))
      default:
        changes.append(Change(path: elementPath, old: nil, new: describe(new[index].value)))
      }
    }
  }

  private static func compareDictionaries(
    _ old: [Mirror.Child], _ new: [Mirror.Child], path: String, into changes: inout [Change]
  ) {
    func entries(_ children: [Mirror.Child]) -> [String: Any] {
      var result: [String: Any] = [:]
      for child in children {
        let pair = Array(Mirror(reflecting: child.value).children)
        if pair.count == 2 { result[describe(pair[0].value)] = pair[1].value }
      }
      return result
    }
    let (oldEntries, newEntries) = (entries(old), entries(new))
    for key in Set(oldEntries.keys).union(newEntries.keys).sorted() {
      let entryPath = "\(path)[\(key)]"
      switch (oldEntries[key], newEntries[key]) {
      case let (oldValue?, newValue?): compare(oldValue, newValue, path: entryPath, into: &changes)
      case let (oldValue?, nil):
        changes.append(Change(path: entryPath, old: describe(oldValue), new: nil))
      case let (nil, newValue?):
        changes.append(Change(path: entryPath, old: nil, new: describe(newValue)))
      case (nil, nil): break
      }
    }
  }

  /// Standard-library and Foundation values such as `Duration` or `Date` are compared as a whole:
  /// their stored fields are implementation details.
  private static func isOpaqueLibraryValue(_ value: Any) -> Bool {
    switch Mirror(reflecting: value).displayStyle {
    case .struct?, .class?, .enum?:
      let name = String(reflecting: type(of: value))
      return name.hasPrefix("Swift.") || name.hasPrefix("Foundation.")
    default:
      return false
    }
  }

  private static func caseName(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if let label = mirror.children.first?.label { return label }
    return String(describing: value)
  }

  static func describe(_ value: Any) -> String {
    if let string = value as? String { return quoted(string) }
    if let text = value as? Substring { return quoted(text) }
    if let character = value as? Character { return quoted(String(character)) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return describe(wrapped)
    }
    return escapingControls(shortened(String(describing: value)))
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

  private static func shortenedNames(_ code: Substring) -> String {
    // NOTE: the preceding character is captured and put back (Swift's Regex has no lookbehind),
    // so that only a whole qualified name is shortened.
    let qualified = try! Regex(
      #"(^|[^A-Za-z0-9_.])(?:[A-Z][A-Za-z0-9_]*\.)+([A-Za-z_][A-Za-z0-9_]*)"#,
      as: (Substring, Substring, Substring).self)
    return String(code).replacing(qualified) { match in
      let (_, before, name) = match.output
      return name.first!.isUppercase ? "\(before)\(name)" : "\(before).\(name)"
    }
  }
}
