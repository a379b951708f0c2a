import LineEditor
import Testing

@Suite struct EditBufferTests {
  @Test func insertingInTheMiddleMovesTheCursorPastTheText() {
    var buffer = EditBuffer("cter", cursor: 1)
    buffer.insert("oun")
    #expect(buffer == EditBuffer("counter", cursor: 4))
  }

  @Test func movesStopAtTheEnds() {
    var buffer = EditBuffer("ab")
    buffer.moveRight()
    #expect(buffer.cursor == 2)
    buffer.moveHome()
    buffer.moveLeft()
    #expect(buffer.cursor == 0)
    buffer.moveEnd()
    #expect(buffer.cursor == 2)
  }

  @Test func wordMovesSkipSymbolsAndStopAtTheEnds() {
    var buffer = EditBuffer("set  42 -- café!")
    buffer.moveWordLeft()
    #expect(buffer.cursor == 11, "to the start of café")
    buffer.moveWordLeft()
    #expect(buffer.cursor == 5, "over ' -- ' to the start of 42")
    buffer.moveWordLeft()
    buffer.moveWordLeft()
    #expect(buffer.cursor == 0)
    buffer.moveWordRight()
    #expect(buffer.cursor == 3, "to the end of set")
    buffer.moveWordRight()
    buffer.moveWordRight()
    #expect(buffer.cursor == 15, "to the end of café")
    buffer.moveWordRight()
    #expect(buffer.cursor == 16)
  }

  @Test func wordDeletionsAroundTheCursor() {
    var buffer = EditBuffer("add milk, eggs", cursor: 9)
    buffer.deleteToWordStart()
    #expect(buffer == EditBuffer("add  eggs", cursor: 4))
    buffer.deleteToWordEnd()
    #expect(buffer == EditBuffer("add ", cursor: 4))
    buffer.moveHome()
    buffer.deleteToWordStart()
    #expect(buffer == EditBuffer("add ", cursor: 0))
  }

  @Test func backspaceAndDeleteAroundTheCursor() {
    var buffer = EditBuffer("abcd", cursor: 2)
    buffer.deleteBackward()
    #expect(buffer == EditBuffer("acd", cursor: 1))
    buffer.deleteForward()
    #expect(buffer == EditBuffer("ad", cursor: 1))
    buffer.moveHome()
    buffer.deleteBackward()
    #expect(buffer == EditBuffer("ad", cursor: 0))
    buffer.moveEnd()
    buffer.deleteForward()
    #expect(buffer == EditBuffer("ad", cursor: 2))
  }

  @Test func killsToTheStartTheEndAndTheWordBefore() {
    var buffer = EditBuffer("add buy milk", cursor: 8)
    buffer.deleteWordBackward()
    #expect(buffer == EditBuffer("add milk", cursor: 4))
    buffer.deleteToEnd()
    #expect(buffer == EditBuffer("add ", cursor: 4))
    buffer.insert("x")
    buffer.moveLeft()
    buffer.deleteToStart()
    #expect(buffer == EditBuffer("x", cursor: 0))
  }

  @Test func ctrlWSkipsTheSpacesBeforeTheWord() {
    var buffer = EditBuffer("edit 2   ")
    buffer.deleteWordBackward()
    #expect(buffer == EditBuffer("edit ", cursor: 5))
  }

  @Test func wideAndCombinedCharactersAreOneStepEach() {
    var buffer = EditBuffer("日本🎉👍🏽")
    buffer.moveLeft()
    buffer.deleteBackward()
    #expect(buffer == EditBuffer("日本👍🏽", cursor: 2))
    buffer.moveEnd()
    buffer.insert("e")
    buffer.insert("\u{301}")
    #expect(buffer.text == "日本👍🏽é")
    #expect(buffer.cursor == 4)
  }

  @Test func theWordBeforeTheCursorIsReplacedByACompletion() {
    var buffer = EditBuffer("help tog 1", cursor: 8)
    #expect(buffer.wordBeforeCursor == "tog")
    buffer.replaceWordBeforeCursor(with: "toggle")
    #expect(buffer == EditBuffer("help toggle 1", cursor: 11))
  }
}
