/// Draws the prompt and the line, wrapped over as many rows as the terminal's width needs, and
/// remembers where it left the cursor so that the next draw replaces the last.
///
/// Output is plain text and ANSI control sequences: `ESC [ n A` (up), `ESC [ n C` (right),
/// `ESC [ J` (erase below), `ESC [ H ESC [ 2 J` (clear screen). Output processing stays on
/// (the terminal's `OPOST`), so the rest of the program's lines are unchanged.
public struct Renderer: Sendable {
  /// The terminal's width in columns.
  public var columns: Int
  /// The row of the cursor, counted from the prompt's first row, after the last draw.
  private(set) var cursorRow = 0

  public init(columns: Int) {
    self.columns = max(columns, 1)
  }

  /// A position on the screen, relative to the start of the prompt.
  struct Position: Equatable {
    var row = 0
    var column = 0
  }

  /// Where each character starts, and where the text ends, as the terminal wraps it: a wide
  /// character that does not fit in the last column goes to the next row whole.
  func layout(_ characters: [Character]) -> (starts: [Position], end: Position) {
    var position = Position()
    var starts: [Position] = []
    starts.reserveCapacity(characters.count)
    for character in characters {
      let width = DisplayWidth.of(character)
      if position.column + width > columns {
        position = Position(row: position.row + 1, column: 0)
      }
      starts.append(position)
      position.column += width
    }
    if position.column >= columns { position = Position(row: position.row + 1, column: 0) }
    return (starts, position)
  }

  /// Replaces what the last draw showed with `prompt` and `text`, the cursor before the
  /// `cursor`-th character of `text`.
  public mutating func draw(prompt: String, text: String, cursor: Int) -> String {
    let characters = Array(prompt) + Array(text)
    let (starts, end) = layout(characters)
    let target = prompt.count + cursor < starts.count ? starts[prompt.count + cursor] : end
    var output = erase()
    output += prompt + text
    // NOTE: text that ends in the last column leaves the terminal waiting to wrap: moving to the
    // next row makes where the cursor is certain.
    if end.column == 0, end.row > 0 { output += "\r\n" }
    output += Self.up(end.row - target.row) + "\r" + Self.right(target.column)
    cursorRow = target.row
    return output
  }

  /// Erases the drawn rows and leaves the cursor at the start of the first: text written next
  /// appears where the prompt was.
  public mutating func erase() -> String {
    defer { cursorRow = 0 }
    return Self.up(cursorRow) + "\r\u{1B}[J"
  }

  /// Moves the cursor past the end of the line drawn and starts a new row, leaving the line on
  /// the screen (the line was accepted, or the editing ended).
  public mutating func finish(prompt: String, text: String) -> String {
    let (_, end) = layout(Array(prompt) + Array(text))
    defer { cursorRow = 0 }
    let down = end.row - cursorRow
    let rows = down > 0 ? String(repeating: "\n", count: down) : ""
    return rows + (end.column == 0 && end.row > 0 ? "\r" : "\r\n")
  }

  /// Clears the whole screen; the next draw starts at the top.
  public mutating func clearScreen() -> String {
    cursorRow = 0
    return "\u{1B}[H\u{1B}[2J"
  }

  static func up(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)A" : "" }
  static func right(_ columns: Int) -> String { columns > 0 ? "\u{1B}[\(columns)C" : "" }
}
