// NOTE: the one rule for text from outside the program on its way to a terminal or a log, in a
// module of its own below everything that prints: the debug log (Core), the features' messages
// and the REPL all use it, and Core imports nothing above it.

extension StringProtocol {
  /// The text with everything that could act on the terminal or disguise the text made visible,
  /// for text from outside the program (the network, files, arguments, the user's own input
  /// echoed back, errors, the debug log) on its way to a terminal.
  ///
  /// Newline and tab are kept. The other C0 controls, DEL and the C1 controls are written as
  /// `cat -v` writes them: C0 in caret notation (`ESC` is `^[`, `BEL` is `^G`, `CR` is `^M`),
  /// DEL as `^?`, C1 as `M-` and the caret form of the control 0x80 below it (`CSI`, U+009B, is
  /// `M-^[`). The characters that change how a line reads without showing themselves, which
  /// `cat -v` does not know, are written as their code point in angle brackets (`<U+202E>`):
  /// the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and the
  /// invisible format characters (U+200B–U+200D, U+2060–U+2064, U+FEFF, the soft hyphen
  /// U+00AD); a zero-width joiner between two emoji is kept (it draws one emoji of the two).
  public var terminalSafe: String { terminalSafe(keepingLineBreaks: true) }

  /// ``terminalSafe``, with newline written `^J` too unless `keepingLineBreaks`, so that a value
  /// stays on one line of a log.
  public func terminalSafe(keepingLineBreaks: Bool) -> String {
    guard utf8.contains(where: OutsideText.mayNeedEscaping) else { return String(self) }
    var result = String.UnicodeScalarView()
    let scalars = Array(unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      switch scalar.value {
      case 0x0A where keepingLineBreaks, 0x09:
        result.append(scalar)
      case 0x00..<0x20, 0x7F:
        result.append("^")
        result.append(Unicode.Scalar(UInt8(scalar.value ^ 0x40)))
      case 0x80..<0xA0:
        result.append(contentsOf: "M-^".unicodeScalars)
        result.append(Unicode.Scalar(UInt8((scalar.value - 0x80) ^ 0x40)))
      case 0x200D
      where index > 0 && index + 1 < scalars.count
        && OutsideText.endsEmoji(scalars[index - 1]) && OutsideText.isEmoji(scalars[index + 1]):
        result.append(scalar)
      case 0x10FF80...0x10FFFF:
        // NOTE: a byte of a path that is not UTF-8 (see `String(pathBytes:)`), shown as `\xE9`.
        let hex = String(scalar.value - 0x10FF00, radix: 16, uppercase: true)
        result.append(contentsOf: "\\x\(hex)".unicodeScalars)
      case _ where OutsideText.isDisguising(scalar):
        result.append(contentsOf: OutsideText.escape(scalar).unicodeScalars)
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}

/// The parts of the rule that ``StringProtocol/terminalSafe`` applies.
public enum OutsideText {
  /// Whether the scalar changes how a line reads without drawing itself: a bidirectional
  /// control or an invisible format character.
  public static func isDisguising(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF, 0x00AD: true
    default: false
    }
  }

  /// Whether the scalar is an emoji beyond Latin-1 (digits, `#` and `*` are emoji too, and a
  /// joiner between them is kept no more than between letters).
  static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value > 0xFF && scalar.properties.isEmoji
  }

  /// Whether the scalar may end the emoji before a joiner: an emoji, a skin tone or the
  /// emoji-style selector U+FE0F.
  static func endsEmoji(_ scalar: Unicode.Scalar) -> Bool {
    isEmoji(scalar) || scalar.properties.isEmojiModifier || scalar.value == 0xFE0F
  }

  /// `<U+202E>`.
  static func escape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
  }

  /// Whether a UTF-8 byte may start something the rule rewrites: a C0 control or DEL, or the
  /// lead byte of a C1 control or the soft hyphen (0xC2), of U+061C (0xD8), of U+2000–U+2FFF
  /// (0xE2), of U+FEFF (0xEF) or of a path's byte (0xF4). Text without them is returned as it
  /// is.
  static func mayNeedEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF
      || byte == 0xF4
  }
}
