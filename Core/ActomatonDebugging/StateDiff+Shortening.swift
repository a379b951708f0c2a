extension StateDiff {
  /// Whether `value`'s type describes itself (`CustomStringConvertible` and the like) rather than
  /// being described by reflection; containers are described by reflection of their elements.
  static func hasOwnDescription(_ value: Any, _ mirror: Mirror) -> Bool {
    switch mirror.displayStyle {
    case .collection?, .dictionary?, .set?, .optional?, .tuple?: return false
    default:
      return value is any CustomStringConvertible || value is any CustomDebugStringConvertible
        || value is any TextOutputStreamable
    }
  }

  /// Replaces each whole qualified name (`App.Root.Current.counter`) with its last component,
  /// dotted when it is a case (`.counter`), kept bare when it is a type (`State`).
  // NOTE: a hand-written scan of the UTF-8 bytes: a `Regex` per described value cost ~300 µs.
  // The grammar is the one the regex had: a name starts after a character that is not a letter,
  // digit, `_` or `.`, and has one or more qualifiers (`Upper…`, or first a lowercase module's
  // name before an `Upper…` one), each followed by a dot, then a last identifier.
  static func shortenedNames(_ code: Substring) -> String {
    let bytes = Array(code.utf8)
    guard bytes.contains(UInt8(ascii: ".")) else { return String(code) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let atBoundary =
        index == 0 || !(isIdentifier(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: "."))
      if atBoundary, let (name, end) = qualifiedName(in: bytes, at: index) {
        if !isUppercase(bytes[name.lowerBound]) { output.append(UInt8(ascii: ".")) }
        output += bytes[name]
        index = end
        continue
      }
      output.append(bytes[index])
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The last component and the end of a qualified name starting at `start`, if one does.
  private static func qualifiedName(in bytes: [UInt8], at start: Int) -> (Range<Int>, Int)? {
    var component = start
    var qualifiers = 0
    while component < bytes.count, isIdentifierStart(bytes[component]) {
      let end = identifierEnd(in: bytes, from: component)
      // NOTE: a lowercase qualifier only first, before a capitalised name: a module's name (an
      // executable's, `notebook.Notes.Action.add`), never a field of a value (`state.count`).
      guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "."),
        isUppercase(bytes[component])
          ? isIdentifierStart(bytes[end + 1])
          : qualifiers == 0 && isUppercase(bytes[end + 1])
      else { break }
      qualifiers += 1
      component = end + 1
    }
    guard qualifiers > 0 else { return nil }
    let end = identifierEnd(in: bytes, from: component)
    return (component..<end, end)
  }

  private static func identifierEnd(in bytes: [UInt8], from start: Int) -> Int {
    var end = start + 1
    while end < bytes.count, isIdentifier(bytes[end]) { end += 1 }
    return end
  }

  private static func isUppercase(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
  }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    isUppercase(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_")
  }

  private static func isIdentifier(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
