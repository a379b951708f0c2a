import LineEditor
import Testing

@Suite struct KeyDecoderTests {
  func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flush()
  }

  func decode(_ text: String) -> [Key] { decode(Array(text.utf8)) }

  @Test func printableASCIIIsText() {
    #expect(decode("a Z~") == [.character("a"), .character(" "), .character("Z"), .character("~")])
  }

  @Test func enterTabAndBackspace() {
    #expect(decode("\r\n\t\u{7F}\u{08}") == [.enter, .enter, .tab, .backspace, .backspace])
  }

  @Test func controlKeysByTheirLetters() {
    #expect(
      decode([0x01, 0x05, 0x12, 0x15, 0x17, 0x03, 0x04, 0x00, 0x1F])
        == [
          .control("a"), .control("e"), .control("r"), .control("u"), .control("w"),
          .control("c"), .control("d"), .control("@"), .control("_"),
        ])
  }

  @Test func arrowsHomeEndAndDeleteInEveryEncoding() {
    #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(decode("\u{1B}OA\u{1B}OH\u{1B}OF") == [.up, .home, .end])
    #expect(
      decode("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [
        .home, .end, .home, .end, .home, .end,
      ])
    #expect(decode("\u{1B}[3~") == [.delete])
    #expect(decode("\u{1B}[1;2C") == [.right], "Shift is ignored")
  }

  @Test func unknownSequencesAreIgnoredNotInserted() {
    #expect(decode("\u{1B}[15~x") == [.unknown, .character("x")])
    #expect(decode("\u{1B}[200~a\u{1B}[201~") == [.pasteStart, .character("a"), .pasteEnd])
    #expect(
      decode("\u{1B}]0;title\u{07}") == [
        .unknown, .character("0"), .character(";"), .character("t"), .character("i"),
        .character("t"), .character("l"), .character("e"), .control("g"),
      ])
    #expect(decode("\u{1B}x") == [.unknown], "Alt-x is bound to nothing")
  }

  @Test func altAndCtrlWithTheWordKeys() {
    #expect(decode("\u{1B}b\u{1B}f") == [.wordLeft, .wordRight])
    #expect(
      decode("\u{1B}d\u{1B}\u{7F}\u{1B}\u{08}") == [
        .deleteWordForward, .deleteWordBackward, .deleteWordBackward,
      ])
    #expect(decode("\u{1B}[1;5D\u{1B}[1;5C") == [.wordLeft, .wordRight], "Ctrl-Left, Ctrl-Right")
    #expect(decode("\u{1B}[1;3D\u{1B}[1;3C") == [.wordLeft, .wordRight], "Alt-Left, Alt-Right")
    #expect(decode("\u{1B}[1;5A") == [.up], "Ctrl-Up is Up")
  }

  @Test func aLoneEscapeIsKnownOnlyWhenNothingFollows() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
    #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func sequencesSplitAcrossReadsAreJoined() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed(Array("[".utf8)) == [])
    #expect(decoder.feed(Array("3".utf8)) == [])
    #expect(decoder.feed(Array("~é".utf8).dropLast()) == [.delete])
    #expect(decoder.feed([0xA9]) == [.character("é")])
  }

  @Test func utf8CJKAndEmojiAreOneKeyEach() {
    #expect(decode("日本🎉") == [.character("日"), .character("本"), .character("🎉")])
  }

  @Test func invalidUTF8BecomesReplacementCharacters() {
    #expect(decode([0xFF, 0x41]) == [.character("\u{FFFD}"), .character("A")])
    #expect(decode([0xC3, 0x41]) == [.character("\u{FFFD}"), .character("A")])
    #expect(decode([0xE0, 0x80, 0x80]) == [.character("\u{FFFD}")], "overlong")
    #expect(decode([0xED, 0xA0, 0x80]) == [.character("\u{FFFD}")], "a surrogate")
    #expect(decode([0xE6, 0x97]) == [.character("\u{FFFD}")], "cut at the end")
  }

  @Test func c1ControlsAreIgnored() {
    #expect(decode("\u{9B}31m") == [.unknown, .character("3"), .character("1"), .character("m")])
  }

  @Test func anOverlongSequenceIsDroppedInBoundedSpace() {
    var decoder = KeyDecoder()
    let keys = decoder.feed(Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 100))
    #expect(keys.first == .unknown)
    #expect(!decoder.hasPending || keys.count > 1)
  }

  @Test func sequencesWithExtremeOrForeignParametersAreIgnored() {
    // NOTE: each once crashed the editor (`parameters[1] - 1` overflowed), or could have.
    #expect(decode("\u{1B}[1;-9223372036854775808C") == [.unknown])
    #expect(decode("\u{1B}[1;9223372036854775807D") == [.unknown])
    #expect(decode("\u{1B}[99999999999999999999999;5Cx") == [.unknown, .character("x")])
    #expect(decode("\u{1B}[1;5:3C\u{1B}[?1;5D\u{1B}[1 ;5C") == [.unknown, .unknown, .unknown])
    #expect(decode("\u{1B}[;5C\u{1B}[1;C") == [.wordRight, .right], "an empty parameter is 0")
  }
}
