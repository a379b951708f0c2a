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
