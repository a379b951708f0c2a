/// A key press, decoded from the bytes a terminal sends.
public enum Key: Equatable, Sendable {
  /// Text to insert: one Unicode scalar (a pasted or typed character).
  case character(Unicode.Scalar)
  case enter, tab, backspace, delete
  case left, right, up, down, home, end
  /// Alt-b or Ctrl/Alt-Left, Alt-f or Ctrl/Alt-Right: to the start of this word or the last one,
  /// to the end of this word or the next one.
  case wordLeft, wordRight
  /// Alt-Backspace and Alt-d: delete the word before the cursor, the word after it.
  case deleteWordBackward, deleteWordForward
  /// A control key, by its letter (`control("a")` is Ctrl-A) or symbol (`control("_")`).
  case control(Character)
  /// Escape on its own, not followed by a sequence.
  case escape
  /// The start and the end of pasted text, as a terminal in bracketed-paste mode marks it.
  case pasteStart, pasteEnd
  /// A sequence or control character the editor has no use for: ignored, never inserted.
  case unknown
}

/// Turns the bytes read from a terminal into keys: printable UTF-8, control keys, the escape
/// sequences (CSI and SS3) of the arrows, Home, End and Delete, and Alt with the word keys.
///
/// Bytes may arrive split anywhere: an incomplete sequence waits for the next `feed`, or for
/// `flush` when no more bytes came (a lone Escape).
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  /// A sequence longer than this is not one the editor knows: it is dropped as `.unknown`.
  static let longestSequence = 32

  public init() {}

  /// Whether bytes wait for the rest of their sequence.
  public var hasPending: Bool { !pending.isEmpty }

  /// The keys completed by `bytes`.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var start = 0
    while start < pending.count, let (key, length) = Self.decode(pending[start...]) {
      keys.append(key)
      start += length
    }
    pending.removeFirst(start)
    return keys
  }

  /// Ends what waits: a lone Escape, a cut sequence (ignored) or cut UTF-8 (U+FFFD).
  public mutating func flush() -> [Key] {
    defer { pending = [] }
    guard let first = pending.first else { return [] }
    if first == 0x1B { return pending.count == 1 ? [.escape] : [.unknown] }
    return [.character("\u{FFFD}")]
  }

  /// The key at the start of `bytes` and its length, or `nil` when more bytes are needed.
  static func decode(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return escapeSequence(bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x00..<0x20: return (.control(control(first)), 1)
    case 0x20..<0x7F: return (.character(Unicode.Scalar(first)), 1)
    default: return utf8(bytes)
    }
  }

  /// `control(0x01)` is `a`; the symbols above the letters keep their caret names (`@`, `_`).
  private static func control(_ byte: UInt8) -> Character {
    let scalar = Unicode.Scalar(byte | 0x40)
    return Character(scalar).isLetter ? Character(Unicode.Scalar(byte | 0x60)) : Character(scalar)
  }

  private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "["): return controlSequence(bytes)
    case UInt8(ascii: "O"):
      guard bytes.count > 2 else { return nil }
      return (finalKey(bytes[start + 2], parameters: []) ?? .unknown, 3)
    case 0x1B: return (.escape, 1)
    case UInt8(ascii: "b"): return (.wordLeft, 2)
    case UInt8(ascii: "f"): return (.wordRight, 2)
    case UInt8(ascii: "d"): return (.deleteWordForward, 2)
    case 0x7F, 0x08: return (.deleteWordBackward, 2)
    default:
      // NOTE: Alt and another key: the editor binds none, and the key is not inserted.
      return (.unknown, bytes[start + 1] < 0x80 ? 2 : 1)
    }
  }

  /// `ESC [`, parameter bytes (`0`–`?`), intermediate bytes (space–`/`), one final byte.
  private static func controlSequence(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    var index = bytes.startIndex + 2
    while index < bytes.endIndex {
      let byte = bytes[index]
      let length = index - bytes.startIndex + 1
      switch byte {
      case 0x20..<0x40:
        guard length < longestSequence else { return (.unknown, length) }
        index += 1
      case 0x40..<0x7F:
        guard let parameters = Self.parameters(bytes[(bytes.startIndex + 2)..<index]) else {
          return (.unknown, length)
        }
        return (finalKey(byte, parameters: parameters) ?? .unknown, length)
      default:
        // NOTE: not a CSI byte: the sequence ends before it, and the byte is decoded on its own.
        return (.unknown, length - 1)
      }
    }
    return nil
  }

  /// The numbers of a sequence's parameter bytes (`1;5`, an empty one is 0), or `nil` when they
  /// are not the digits and `;` of a key's sequence, or a number is larger than any key's.
  // NOTE: any text may be pasted: `ESC [1;-9223372036854775808C` once overflowed `modifiers`.
  private static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int]? {
    var numbers: [Int] = []
    for field in bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
      guard field.count <= 4, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
    return bytes.isEmpty ? [] : numbers
  }

  private static func finalKey(_ byte: UInt8, parameters: [Int]) -> Key? {
    // NOTE: `ESC [ 1 ; 5 D` is Ctrl-Left; the second parameter is 1 + the modifier bits (Shift 1,
    // Alt 2, Ctrl 4), and Alt or Ctrl with a horizontal arrow moves by words, as in readline.
    let modifiers = parameters.count > 1 ? max(parameters[1] - 1, 0) : 0
    if modifiers & 0b110 != 0, byte == UInt8(ascii: "C") { return .wordRight }
    if modifiers & 0b110 != 0, byte == UInt8(ascii: "D") { return .wordLeft }
    switch byte {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch parameters.first {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 200: return .pasteStart
      case 201: return .pasteEnd
      default: return nil
      }
    default: return nil
    }
  }

  /// One UTF-8 scalar; invalid bytes become U+FFFD one at a time, C1 controls are ignored.
  private static func utf8(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (.character("\u{FFFD}"), 1)
    }
    var value = UInt32(first) & (0xFF >> (length + 1))
    for offset in 1..<length {
      guard bytes.startIndex + offset < bytes.endIndex else { return nil }
      let byte = bytes[bytes.startIndex + offset]
      guard byte & 0xC0 == 0x80 else { return (.character("\u{FFFD}"), offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      return (.character("\u{FFFD}"), length)
    }
    if (0x80..<0xA0).contains(value) { return (.unknown, length) }
    return (.character(scalar), length)
  }
}
