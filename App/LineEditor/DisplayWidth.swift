/// How many terminal columns text takes: wide characters (CJK, emoji) two, combining marks none.
public enum DisplayWidth {
  /// The columns of `character`: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    let properties = first.properties
    if properties.isEmojiPresentation { return 2 }
    // NOTE: a text-style emoji with the emoji variation selector (❤️) is drawn two wide.
    if properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    if isWide(value) { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// The columns of `text`.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, in broad ranges).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
    0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    return wideRanges.contains { $0.contains(value) }
  }
}
