/// The line being edited and the cursor in it, counted in characters (grapheme clusters).
public struct EditBuffer: Equatable, Sendable {
  public private(set) var text: String
  /// Characters before the cursor: `0` is the start, `text.count` the end.
  public private(set) var cursor: Int

  public init(_ text: String = "", cursor: Int? = nil) {
    self.text = text
    self.cursor = min(max(cursor ?? text.count, 0), text.count)
  }

  /// The text before the cursor.
  public var beforeCursor: String { String(text.prefix(cursor)) }

  public var afterCursor: String { String(text.dropFirst(cursor)) }

  /// Inserts `insertion` at the cursor and moves the cursor past it; a combining mark joins the
  /// character before it, so the cursor is counted again.
  public mutating func insert(_ insertion: String) {
    let before = beforeCursor + insertion
    text = before + afterCursor
    cursor = before.count
  }

  public mutating func moveLeft() { cursor = max(cursor - 1, 0) }
  public mutating func moveRight() { cursor = min(cursor + 1, text.count) }
  public mutating func moveHome() { cursor = 0 }
  public mutating func moveEnd() { cursor = text.count }

  /// Backspace: deletes the character before the cursor.
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    let kept = String(text.prefix(cursor - 1))
    text = kept + afterCursor
    cursor = kept.count
  }

  /// Delete: deletes the character under the cursor.
  public mutating func deleteForward() {
    guard cursor < text.count else { return }
    text = beforeCursor + String(text.dropFirst(cursor + 1))
  }

  /// Ctrl-U: deletes from the start of the line to the cursor.
  public mutating func deleteToStart() {
    text = afterCursor
    cursor = 0
  }

  /// Ctrl-K: deletes from the cursor to the end of the line.
  public mutating func deleteToEnd() { text = beforeCursor }

  /// Ctrl-W: deletes the word before the cursor and the spaces after it.
  public mutating func deleteWordBackward() {
    let before = beforeCursor
    let trimmed = before.reversed().drop { $0.isWhitespace }.drop { !$0.isWhitespace }
    let kept = String(trimmed.reversed())
    text = kept + afterCursor
    cursor = kept.count
  }

  /// Alt-b: to the start of the word before the cursor (words are letters and digits, as in
  /// readline; Ctrl-W's words are whatever lies between spaces).
  public mutating func moveWordLeft() { cursor = wordStart() }

  /// Alt-f: to the end of the word after the cursor.
  public mutating func moveWordRight() { cursor = wordEnd() }

  /// Alt-Backspace: deletes from the start of the word before the cursor to the cursor.
  public mutating func deleteToWordStart() {
    let start = wordStart()
    text = String(text.prefix(start)) + afterCursor
    cursor = start
  }

  /// Alt-d: deletes from the cursor to the end of the word after it.
  public mutating func deleteToWordEnd() {
    text = beforeCursor + String(text.dropFirst(wordEnd()))
  }

  private func wordStart() -> Int {
    let before = Array(text.prefix(cursor))
    var index = before.count
    while index > 0, !Self.isWordCharacter(before[index - 1]) { index -= 1 }
    while index > 0, Self.isWordCharacter(before[index - 1]) { index -= 1 }
    return index
  }

  private func wordEnd() -> Int {
    let characters = Array(text)
    var index = cursor
    while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
    while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
    return index
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// The word the cursor ends (after the last space before it), for completion.
  public var wordBeforeCursor: String {
    String(beforeCursor.reversed().prefix { !$0.isWhitespace }.reversed())
  }

  /// Replaces the word before the cursor with `word`.
  public mutating func replaceWordBeforeCursor(with word: String) {
    let before = beforeCursor
    let kept = String(before.dropLast(wordBeforeCursor.count))
    text = kept + word + afterCursor
    cursor = (kept + word).count
  }
}
