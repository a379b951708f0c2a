import ClientSupport
import Testing

@Suite struct UserTextTests {
  @Test(arguments: [
    ("  buy milk \t", "buy milk"), ("\n\r\n", ""), ("", ""), ("a  b", "a  b"),
    ("\u{3000}全角\u{3000}", "全角"), ("x", "x"),
  ])
  func whiteSpaceAroundTypedTextIsDroppedAndInsideItKept(typed: String, read: String) {
    #expect(typed.trimmingWhitespace() == read)
    #expect(typed[...].trimmingWhitespace() == read)
  }
}
