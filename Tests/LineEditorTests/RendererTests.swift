import LineEditor
import Testing

@Suite struct RendererTests {
  @Test func aShortLineIsDrawnAndTheCursorPlaced() {
    var renderer = Renderer(columns: 80)
    let output = renderer.draw(prompt: "home> ", text: "counter", cursor: 3)
    #expect(output == "\r\u{1B}[Jhome> counter\r\u{1B}[9C")
  }

  @Test func theCursorAtTheEndNeedsNoMove() {
    var renderer = Renderer(columns: 80)
    #expect(renderer.draw(prompt: "> ", text: "ab", cursor: 2) == "\r\u{1B}[J> ab\r\u{1B}[4C")
    #expect(renderer.draw(prompt: "> ", text: "", cursor: 0) == "\r\u{1B}[J> \r\u{1B}[2C")
  }

  @Test func wideCharactersTakeTwoColumns() {
    var renderer = Renderer(columns: 80)
    let output = renderer.draw(prompt: "> ", text: "日本🎉x", cursor: 2)
    #expect(output.hasSuffix("\r\u{1B}[6C"), "2 + 2 + 2 columns before the cursor")
  }

  @Test func aLongLineWrapsAndTheNextDrawStartsFromItsFirstRow() {
    var renderer = Renderer(columns: 10)
    let first = renderer.draw(prompt: "> ", text: "abcdefghijkl", cursor: 1)
    #expect(first == "\r\u{1B}[J> abcdefghijkl\u{1B}[1A\r\u{1B}[3C")
    let second = renderer.draw(prompt: "> ", text: "a", cursor: 1)
    #expect(second == "\r\u{1B}[J> a\r\u{1B}[3C", "the cursor was on the first row")
  }

  @Test func theCursorOnALaterRowIsRememberedForTheNextDraw() {
    var renderer = Renderer(columns: 10)
    _ = renderer.draw(prompt: "> ", text: "abcdefghijkl", cursor: 12)
    #expect(renderer.erase() == "\u{1B}[1A\r\u{1B}[J")
  }

  @Test func textEndingInTheLastColumnMovesToTheNextRow() {
    var renderer = Renderer(columns: 10)
    let output = renderer.draw(prompt: "> ", text: "abcdefgh", cursor: 8)
    #expect(output == "\r\u{1B}[J> abcdefgh\r\n\r")
    #expect(renderer.finish(prompt: "> ", text: "abcdefgh") == "\r")
  }

  @Test func aWideCharacterThatDoesNotFitWrapsWhole() {
    var renderer = Renderer(columns: 5)
    #expect(renderer.draw(prompt: "> ", text: "ab日", cursor: 2).hasSuffix("ab日\r"))
    #expect(
      renderer.draw(prompt: "> ", text: "ab日", cursor: 1).hasSuffix("ab日\u{1B}[1A\r\u{1B}[3C"),
      "日 starts the second row, where the cursor was left")
  }

  @Test func finishMovesBelowTheLine() {
    var renderer = Renderer(columns: 10)
    _ = renderer.draw(prompt: "> ", text: "abcdefghijkl", cursor: 0)
    #expect(renderer.finish(prompt: "> ", text: "abcdefghijkl") == "\n\r\n")
  }

  @Test func clearScreenHomesTheCursor() {
    var renderer = Renderer(columns: 10)
    #expect(renderer.clearScreen() == "\u{1B}[H\u{1B}[2J")
  }
}

@Suite struct DisplayWidthTests {
  @Test func columnsOfCharacters() {
    #expect(DisplayWidth.of(Character("a")) == 1)
    #expect(DisplayWidth.of(Character("é")) == 1)
    #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
    #expect(DisplayWidth.of(Character("日")) == 2)
    #expect(DisplayWidth.of(Character("한")) == 2)
    #expect(DisplayWidth.of(Character("Ａ")) == 2)
    #expect(DisplayWidth.of(Character("🎉")) == 2)
    #expect(DisplayWidth.of(Character("👍🏽")) == 2)
    #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)
    #expect(DisplayWidth.of(Character("❤️")) == 2)
    #expect(DisplayWidth.of(Character("❤")) == 1)
    #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    #expect(DisplayWidth.of("todo> 日本🎉") == 12)
  }
}
