import FeatureSupport
import Testing

@Suite struct ConfirmationTests {
  @Test func yOrYesInAnyCaseIsYesAndAnythingElseIsNo() {
    for reply in ["y", "Y", "yes", " YES ", "Yes"] { #expect(Answer(reply: reply) == .yes) }
    for reply in ["", "n", "no", "yess", "y es x", "quit", "ye"] {
      #expect(Answer(reply: reply) == .no)
    }
  }

  @Test func answeringClearsTheQuestionAndGivesItsActionOnlyOnYes() {
    var pending: FeatureSupport.Confirmation<String>? = FeatureSupport.Confirmation(
      "Delete?", confirming: "delete")
    #expect(pending.answer(.yes) == "delete")
    #expect(pending == nil)
    pending = FeatureSupport.Confirmation("Delete?", confirming: "delete")
    #expect(pending.answer(.no) == nil)
    #expect(pending == nil)
    #expect(pending.answer(.yes) == nil)
  }
}

@Suite struct AnswerTests {
  @Test(arguments: ["y e s", "y\tes", "ye s", "Y E S", "y\u{200B}"])
  func spacesInsideTheWordMakeItNo(_ reply: String) {
    #expect(Answer(reply: reply) == .no)
  }

  @Test(arguments: ["  y", "yes\n", "\t YES \r\n"])
  func spacesAroundTheWordAreIgnored(_ reply: String) {
    #expect(Answer(reply: reply) == .yes)
  }
}
