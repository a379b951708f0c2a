import OutsideText
import Testing

/// The one rule for text from outside: controls as `cat -v` shows them, characters that
/// disguise a line as `<U+…>`, everything else as it is.
@Suite struct TerminalSafeTests {
  @Test func controlCharactersAreShownAsCatVShowsThem() {
    #expect("a\u{1B}[2Jb".terminalSafe == "a^[[2Jb")
    #expect("\u{1B}]0;pwned\u{07}".terminalSafe == "^[]0;pwned^G")
    #expect("\u{00}\u{01}\u{08}\u{0D}\u{1F}".terminalSafe == "^@^A^H^M^_")
    #expect("del\u{7F}".terminalSafe == "del^?")
    #expect("\u{9B}31m \u{80} \u{9F} \u{85}".terminalSafe == "M-^[31m M-^@ M-^_ M-^E")
  }

  @Test func newlineTabAndPrintableTextStay() {
    let text = "line 1\n\tline 2 — 日本 🎉 é ¢ \u{A0} € “quoted” ﬁ"
    #expect(text.terminalSafe == text)
    #expect("a\r\nb".terminalSafe == "a^M\nb", "CR could overwrite the line: shown")
  }

  @Test(arguments: [
    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
    0x061C, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD,
  ])
  func bidiControlsAndInvisibleFormatCharactersAreShownAsCodePoints(_ value: Int) {
    let scalar = Unicode.Scalar(UInt32(value))!
    let name = "U+" + String(value, radix: 16, uppercase: true).leftPadded(to: 4)
    #expect("a\(scalar)b".terminalSafe == "a<\(name)>b")
    #expect("a\(scalar)b".terminalSafe(keepingLineBreaks: false) == "a<\(name)>b")
  }

  @Test func aFileNameCannotPassForAnother() {
    // "Trojan Source": shown raw, this reads as `invoice_fdp.exe` … as `invoice_exe.pdf`.
    #expect("invoice_\u{202E}fdp.exe".terminalSafe == "invoice_<U+202E>fdp.exe")
    #expect("pay\u{200B}pal".terminalSafe == "pay<U+200B>pal")
  }

  @Test func aJoinerInsideAnEmojiStays() {
    let family = "👩\u{200D}👩\u{200D}👧"
    #expect(family.terminalSafe == family)
    let kiss =
      "\u{1F469}\u{1F3FD}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}\u{1F3FF}"
    #expect(kiss.terminalSafe == kiss, "after a skin tone and after the emoji-style selector")
    #expect("a\u{200D}b".terminalSafe == "a<U+200D>b")
    #expect("1\u{200D}2".terminalSafe == "1<U+200D>2")
    #expect("👩\u{200D}".terminalSafe == "👩<U+200D>", "a joiner at the end joins nothing")
  }

  @Test func aLogLineKeepsToOneLine() {
    #expect("a\nb\tc".terminalSafe(keepingLineBreaks: false) == "a^Jb\tc")
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
