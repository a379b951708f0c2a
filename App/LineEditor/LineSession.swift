/// The editing of one line, key by key, with no terminal attached: what each key does to the
/// line, the history and the reverse search.
public struct LineSession: Sendable {
  /// What a key asks of the terminal.
  public enum Outcome: Equatable, Sendable {
    /// The line may have changed: draw it again.
    case edited
    case accepted(String)
    /// Ctrl-D on an empty line.
    case endOfInput
    /// Ctrl-C.
    case interrupted
    /// Ctrl-L: clear the screen, then draw the line.
    case clearScreen
    /// Tab with several completions and no longer common prefix: show them above the line.
    case list([String])
    /// Nothing to do for this key (no completion): ring the bell.
    case bell
  }

  /// Ctrl-R's state: what is searched, the history entry that matches, the line before.
  public struct ReverseSearch: Equatable, Sendable {
    public var query = ""
    public var match: Int?
    public var failed = false
    let original: EditBuffer
  }

  public private(set) var buffer = EditBuffer()
  public private(set) var search: ReverseSearch?
  /// Oldest first.
  let history: [String]
  /// `history.count` while on the line being typed (not a recalled entry).
  private var historyIndex: Int
  private var draft = ""
  private let complete: @Sendable (String) -> [String]

  /// - Parameters:
  ///   - history: Earlier lines, oldest first (kept as ``History`` keeps them).
  ///   - complete: The words that may end the text before the cursor (its last word completed).
  public init(
    history: [String] = [], complete: @escaping @Sendable (String) -> [String] = { _ in [] }
  ) {
    self.history = History(history, limit: history.count).entries
    self.historyIndex = self.history.count
    self.complete = complete
  }

  /// What the terminal shows: the prompt (the search's, during Ctrl-R), the text and the cursor.
  public func display(prompt: String) -> (prompt: String, text: String, cursor: Int) {
    guard let search else { return (prompt, buffer.text, buffer.cursor) }
    let label = search.failed ? "(failed reverse-i-search)" : "(reverse-i-search)"
    let match = search.match.map { history[$0] } ?? ""
    let cursor = match.range(of: search.query).map { match[..<$0.lowerBound].count } ?? match.count
    return ("\(label)`\(search.query)': ", match, cursor)
  }

  /// Inserts typed or pasted text at once, as its characters one by one would.
  public mutating func insert(_ scalars: [Unicode.Scalar]) {
    guard search == nil else {
      for scalar in scalars { _ = handle(.character(scalar)) }
      return
    }
    buffer.insert(String(String.UnicodeScalarView(scalars)))
  }

  public mutating func handle(_ key: Key) -> Outcome {
    if search != nil, let outcome = handleSearch(key) { return outcome }
    switch key {
    case let .character(scalar): buffer.insert(String(Character(scalar)))
    case .enter: return .accepted(buffer.text)
    case .tab: return completeWord()
    case .backspace, .control("h"): buffer.deleteBackward()
    case .delete: buffer.deleteForward()
    case .left, .control("b"): buffer.moveLeft()
    case .right, .control("f"): buffer.moveRight()
    case .home, .control("a"): buffer.moveHome()
    case .end, .control("e"): buffer.moveEnd()
    case .up, .control("p"): recall(by: -1)
    case .down, .control("n"): recall(by: 1)
    case .control("u"): buffer.deleteToStart()
    case .control("k"): buffer.deleteToEnd()
    case .control("w"): buffer.deleteWordBackward()
    case .wordLeft: buffer.moveWordLeft()
    case .wordRight: buffer.moveWordRight()
    case .deleteWordBackward: buffer.deleteToWordStart()
    case .deleteWordForward: buffer.deleteToWordEnd()
    case .control("l"): return .clearScreen
    case .control("c"): return .interrupted
    case .control("d"):
      if buffer.text.isEmpty { return .endOfInput }
      buffer.deleteForward()
    case .control("r"):
      search = ReverseSearch(original: buffer)
    case .control, .escape, .unknown, .pasteStart, .pasteEnd: break
    }
    return .edited
  }

  private mutating func recall(by step: Int) {
    let index = historyIndex + step
    guard index >= 0, index <= history.count else { return }
    if historyIndex == history.count { draft = buffer.text }
    historyIndex = index
    buffer = EditBuffer(index == history.count ? draft : history[index])
  }

  /// The longest text Ctrl-R looks for, in bytes.
  static let longestQuery = 1_024

  /// Keys during Ctrl-R; `nil` when the key ends the search and acts on the line found.
  private mutating func handleSearch(_ key: Key) -> Outcome? {
    guard var current = search else { return nil }
    switch key {
    case let .character(scalar):
      // NOTE: no line is longer; a paste into the search would otherwise scan the history
      // once per character.
      guard current.query.utf8.count < Self.longestQuery else { return .bell }
      current.query.unicodeScalars.append(scalar)
      current = find(current, from: current.match ?? history.count - 1)
    case .backspace, .control("h"):
      guard !current.query.isEmpty else { break }
      current.query.removeLast()
      current = find(current, from: history.count - 1)
    case .control("r"):
      current = find(current, from: (current.match ?? history.count) - 1)
    case .control("g"), .escape:
      buffer = current.original
      search = nil
      return .edited
    case .control("c"):
      search = nil
      return .interrupted
    case .unknown, .pasteStart, .pasteEnd:
      break
    default:
      search = nil
      buffer = EditBuffer(current.match.map { history[$0] } ?? current.original.text)
      return key == .enter ? .accepted(buffer.text) : nil
    }
    search = current
    return .edited
  }

  private func find(_ search: ReverseSearch, from start: Int) -> ReverseSearch {
    var search = search
    guard !search.query.isEmpty else {
      search.failed = false
      return search
    }
    let found = stride(from: min(start, history.count - 1), through: 0, by: -1).first {
      history[$0].contains(search.query)
    }
    if let found { search.match = found }
    search.failed = found == nil
    return search
  }

  private mutating func completeWord() -> Outcome {
    let word = buffer.wordBeforeCursor
    let candidates = complete(buffer.beforeCursor).filter { $0.hasPrefix(word) }
    guard let first = candidates.first else { return .bell }
    if candidates.count == 1 {
      buffer.replaceWordBeforeCursor(with: first + " ")
      return .edited
    }
    let common = candidates.dropFirst().reduce(first) { prefix, candidate in
      String(zip(prefix, candidate).prefix { $0 == $1 }.map(\.0))
    }
    if common.count > word.count {
      buffer.replaceWordBeforeCursor(with: common)
      return .edited
    }
    return .list(candidates)
  }
}
