extension String {
  /// The text with every control character made visible, for text from outside the program
  /// (the network, files, the user's own input echoed back) on its way to the terminal.
  ///
  /// Newline and tab are kept. The other C0 controls, DEL and the C1 controls are written as
  /// `cat -v` writes them: C0 in caret notation (`ESC` is `^[`, `BEL` is `^G`, `CR` is `^M`),
  /// DEL as `^?`, C1 as `M-` and the caret form of the control 0x80 below it (`CSI`, U+009B, is
  /// `M-^[`). Only the REPL's own styling, added after this, sends escape sequences.
  public var terminalSafe: String {
    guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return self }
    var result = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x09:
        result.append(scalar)
      case 0x00..<0x20, 0x7F:
        result.append("^")
        result.append(Unicode.Scalar(UInt8(scalar.value ^ 0x40)))
      case 0x80..<0xA0:
        result.append(contentsOf: "M-^".unicodeScalars)
        result.append(Unicode.Scalar(UInt8((scalar.value - 0x80) ^ 0x40)))
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}
