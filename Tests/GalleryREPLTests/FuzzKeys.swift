import LineEditor
import TestSupport

/// Random terminal input for the line editor: escape sequences whole, cut and corrupted, control
/// keys, UTF-8 (valid, wide, cut, invalid) and plain text.
struct FuzzKeys {
  var random: SplitMix64

  static let sequences = [
    "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}[H", "\u{1B}[F", "\u{1B}OA", "\u{1B}OH",
    "\u{1B}[3~", "\u{1B}[1~", "\u{1B}[4~", "\u{1B}[1;5C", "\u{1B}[200~", "\u{1B}[15;2~",
    "\u{1B}]0;title\u{07}", "\u{1B}[2J", "\u{1B}", "\u{1B}\u{1B}", "\u{1B}[", "\u{1B}O",
    "\u{1B}[99999999999999999999A", "\u{9B}", "日", "🎉", "👍🏽", "e\u{301}", "\t", "\r", "\u{7F}",
  ]

  /// One burst of input, as one `read` might return it.
  mutating func burst() -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<random.int(1...12) {
      switch random.below(6) {
      case 0: bytes += Array(random.pick(Self.sequences).utf8)
      case 1: bytes.append(UInt8(random.int(0...0x1F)))  // a control key
      case 2: bytes += random.bytes(random.int(1...4), in: 0x80...0xFF)  // stray UTF-8
      case 3: bytes += Array("\u{1B}[".utf8) + random.bytes(random.int(0...40), in: 0x20...0x7E)
      default: bytes += random.bytes(random.int(1...6), in: 0x20...0x7E)
      }
    }
    return bytes
  }

  /// `bytes` cut at random places, as reads would split them.
  mutating func chunks(_ bytes: [UInt8]) -> [[UInt8]] {
    var chunks: [[UInt8]] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      let size = random.int(1...max(1, rest.count))
      chunks.append(Array(rest.prefix(size)))
      rest = rest.dropFirst(size)
    }
    return chunks
  }

  /// What went wrong feeding `bursts` to the decoder whole and in pieces, and the keys to an
  /// editing session drawn `columns` wide.
  mutating func check(_ bursts: [[UInt8]], columns: Int) -> [String] {
    var problems: [String] = []
    var whole = KeyDecoder()
    var pieces = KeyDecoder()
    var keys: [Key] = []
    for burst in bursts {
      let once = whole.feed(burst)
      let split = chunks(burst).flatMap { pieces.feed($0) }
      if once != split { problems.append("split reads decode differently: \(once) \(split)") }
      keys += once
    }
    keys += whole.flush()
    var session = LineSession(history: ["counter", "search 日本", "add \u{1B}x"]) { _ in
      ["toggle", "todo", "日本"]
    }
    var renderer = Renderer(columns: columns)
    for key in keys {
      _ = session.handle(key)
      let (prompt, text, cursor) = session.display(prompt: "todo> ")
      if cursor < 0 || cursor > text.count { problems.append("cursor \(cursor) outside \(text)") }
      if session.buffer.text.unicodeScalars.contains(where: {
        $0.value < 0x20 || (0x7F..<0xA0).contains($0.value)
      }) {
        problems.append("a control character in the line: \(session.buffer.text.debugDescription)")
      }
      let drawn = renderer.draw(prompt: prompt, text: text, cursor: cursor)
      if let stray = Self.strayControl(in: drawn) {
        problems.append("the drawing sends \(stray), not its own: \(drawn.debugDescription)")
      }
    }
    return problems
  }

  /// A control character in `drawn` other than CR, LF and the editor's `ESC [ n A|C|J|H`.
  static func strayControl(in drawn: String) -> String? {
    var scalars = drawn.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\r" || scalar == "\n" { continue }
      if scalar == "\u{1B}" {
        guard scalars.popFirst() == "[" else { return "a bare ESC" }
        while let next = scalars.first, ("0"..."9").contains(next) { scalars.removeFirst() }
        guard let final = scalars.popFirst(), "ACJH".unicodeScalars.contains(final) else {
          return "an unknown sequence"
        }
        continue
      }
      if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
        return "U+\(String(scalar.value, radix: 16))"
      }
    }
    return nil
  }
}
