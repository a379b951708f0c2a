import LineEditor
import Testing

@Suite struct LineSessionTests {
  /// Types `text` key by key (each scalar a key).
  func type(_ text: String, into session: inout LineSession) {
    for scalar in text.unicodeScalars { _ = session.handle(.character(scalar)) }
  }

  @Test func editingKeysFixATypoInTheMiddle() {
    var session = LineSession()
    type("cunter", into: &session)
    for _ in 0..<5 { _ = session.handle(.left) }
    type("o", into: &session)
    #expect(session.handle(.enter) == .accepted("counter"))
  }

  @Test func wordKeysFixTheFirstWordOfALongLine() {
    var session = LineSession()
    type("ad milk eggs", into: &session)
    for key in [Key.wordLeft, .wordLeft, .wordLeft, .deleteWordForward] {
      #expect(session.handle(key) == .edited)
    }
    type("add", into: &session)
    _ = session.handle(.wordRight)
    _ = session.handle(.deleteWordBackward)
    #expect(session.buffer == EditBuffer("add  eggs", cursor: 4))
    _ = session.handle(.control("e"))
    _ = session.handle(.deleteWordBackward)
    type("bread", into: &session)
    #expect(session.handle(.enter) == .accepted("add  bread"))
  }

  @Test func emacsKeysMoveAndKill() {
    var session = LineSession()
    type("add milk", into: &session)
    _ = session.handle(.control("a"))
    _ = session.handle(.control("f"))
    _ = session.handle(.control("f"))
    _ = session.handle(.control("f"))
    _ = session.handle(.control("k"))
    #expect(session.buffer == EditBuffer("add", cursor: 3))
    _ = session.handle(.control("b"))
    _ = session.handle(.control("u"))
    #expect(session.buffer == EditBuffer("d", cursor: 0))
    _ = session.handle(.control("e"))
    type(" x y", into: &session)
    _ = session.handle(.control("w"))
    #expect(session.buffer.text == "d x ")
    _ = session.handle(.home)
    _ = session.handle(.delete)
    _ = session.handle(.end)
    _ = session.handle(.backspace)
    #expect(session.buffer.text == " x")
  }

  @Test func ctrlDEndsAnEmptyLineAndDeletesOtherwise() {
    var session = LineSession()
    type("ab", into: &session)
    _ = session.handle(.home)
    #expect(session.handle(.control("d")) == .edited)
    #expect(session.buffer.text == "b")
    _ = session.handle(.control("d"))
    #expect(session.handle(.control("d")) == .endOfInput)
  }

  @Test func ctrlCCtrlLAndUnknownKeys() {
    var session = LineSession()
    type("x", into: &session)
    #expect(session.handle(.control("l")) == .clearScreen)
    #expect(session.handle(.unknown) == .edited)
    #expect(session.handle(.escape) == .edited)
    #expect(session.buffer.text == "x", "ignored keys insert nothing")
    #expect(session.handle(.control("c")) == .interrupted)
  }

  @Test func upAndDownWalkTheHistoryAndKeepTheLineBeingTyped() {
    var session = LineSession(history: ["counter", "+"])
    type("dra", into: &session)
    _ = session.handle(.up)
    #expect(session.buffer.text == "+")
    _ = session.handle(.up)
    _ = session.handle(.up)
    #expect(session.buffer.text == "counter")
    _ = session.handle(.down)
    _ = session.handle(.control("n"))
    #expect(session.buffer.text == "dra")
    _ = session.handle(.down)
    #expect(session.buffer.text == "dra")
  }

  @Test func ctrlRFindsTheNewestMatchThenOlderOnes() {
    var session = LineSession(history: ["login ann", "counter", "login bob", "+"])
    _ = session.handle(.control("r"))
    type("log", into: &session)
    #expect(session.display(prompt: "> ") == ("(reverse-i-search)`log': ", "login bob", 0))
    _ = session.handle(.control("r"))
    #expect(session.display(prompt: "> ").text == "login ann")
    _ = session.handle(.control("r"))
    #expect(session.display(prompt: "> ").text == "login ann")
    type("x", into: &session)
    #expect(session.display(prompt: "> ").prompt == "(failed reverse-i-search)`logx': ")
    _ = session.handle(.backspace)
    #expect(session.handle(.enter) == .accepted("login bob"))
  }

  @Test func ctrlRThenAnotherKeyEditsTheMatchAndCtrlGCancels() {
    var session = LineSession(history: ["search swift"])
    type("s", into: &session)
    _ = session.handle(.control("r"))
    type("sw", into: &session)
    #expect(session.display(prompt: "> ").cursor == 7)
    _ = session.handle(.control("e"))
    #expect(session.search == nil)
    #expect(session.buffer == EditBuffer("search swift"))
    _ = session.handle(.control("r"))
    _ = session.handle(.control("g"))
    #expect(session.buffer == EditBuffer("search swift"))
    #expect(session.display(prompt: "> ").prompt == "> ")
  }

  @Test func tabCompletesOneCandidateAndTheCommonPrefixOfSeveral() {
    let words = ["toggle", "todo", "stopwatch", "state"]
    var session = LineSession(complete: { _ in words })
    type("tog", into: &session)
    _ = session.handle(.tab)
    #expect(session.buffer.text == "toggle ")
    _ = session.handle(.control("u"))
    type("st", into: &session)
    #expect(session.handle(.tab) == .list(["stopwatch", "state"]))
    _ = session.handle(.control("u"))
    type("x", into: &session)
    #expect(session.handle(.tab) == .bell)
  }

  @Test func tabPassesTheTextBeforeTheCursorAndCompletesTheLastWord() {
    var session = LineSession(complete: { before in before == "sort st" ? ["stars"] : [] })
    type("sort st 2", into: &session)
    _ = session.handle(.left)
    _ = session.handle(.left)
    _ = session.handle(.tab)
    #expect(session.buffer == EditBuffer("sort stars  2", cursor: 11))
  }

  @Test func theCommonPrefixIsInsertedWhenLonger() {
    var session = LineSession(complete: { _ in ["delete", "debug"] })
    type("d", into: &session)
    _ = session.handle(.tab)
    #expect(session.buffer.text == "de")
  }

  @Test func pastedTextIsInsertedAsTypedTextWouldBe() {
    var session = LineSession(history: ["search swift"])
    session.insert(Array("add 日本".unicodeScalars))
    _ = session.handle(.left)
    session.insert(["e", "\u{301}"])
    #expect(session.buffer == EditBuffer("add 日é本", cursor: 6))
    _ = session.handle(.control("r"))
    session.insert(Array("sw".unicodeScalars))
    #expect(session.display(prompt: "> ").text == "search swift", "in a search, the query grows")
  }
}
