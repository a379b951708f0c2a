import Testing

@testable import ActomatonREPL
@testable import GalleryApp

/// A destructive command asks `… ? [y/N]`, and the next line, whatever it is, answers.
@Suite struct ConfirmationTranscriptTests {
  @Test func anythingButYesCancelsAndTheAnsweringLineIsNotACommand() async {
    let transcript = await Harness().run(
      """
      todo
      add milk
      toggle 1
      clear-completed
      delete 1
      clear-completed

      clear-completed
      YES
      clear-completed
      quit
      """)
    #expect(
      transcript == """
        > todo
        0 active, 0 completed
          (no items)
        > add milk
        1 active, 0 completed
          1. [ ] milk
        > toggle 1
        0 active, 1 completed
          1. [x] milk
        > clear-completed
        0 active, 1 completed
          1. [x] milk
        Delete 1 completed item(s)? [y/N]
        > delete 1
        0 active, 1 completed
          1. [x] milk
        > clear-completed
        0 active, 1 completed
          1. [x] milk
        Delete 1 completed item(s)? [y/N]
        > 
        0 active, 1 completed
          1. [x] milk
        > clear-completed
        0 active, 1 completed
          1. [x] milk
        Delete 1 completed item(s)? [y/N]
        > YES
        0 active, 0 completed
          (no items)
        > clear-completed
        0 active, 0 completed
          (no items)
        ! There are no completed items.
        > quit

        """)
  }

  @Test func logoutAsksAndNoKeepsTheUserIn() async {
    let harness = Harness()
    let transcript = await harness.run("login\nlogin ann\nwait 1\nlogout", finish: false)
    #expect(transcript.hasSuffix("> logout\nstate: loggedIn (ann)\nLog out ann? [y/N]\n"))
    #expect(harness.engine.prompt == "login [ann] [y/N]> ", "the prompt says a line answers")
    let failures = harness.engine.failures
    let rest = await harness.run("quit\nwait 2", finish: false)
    #expect(rest.hasSuffix("> quit\nstate: loggedIn (ann)\n> wait 2\nstate: loggedIn (ann)\n"))
    #expect(harness.engine.prompt == "login [ann]> ", "still logged in")
    #expect(harness.engine.failures == failures, "an answer is no failed command")
  }

  @Test func theQuestionIsColouredAndTheProblemRedFromTheScreensStructure() async {
    let harness = Harness(usesColor: true)
    let transcript = await harness.run("todo\nclear-completed\nadd x\ntoggle 1\nclear-completed")
    #expect(transcript.contains("\u{1B}[31m! There are no completed items.\u{1B}[0m\n"))
    #expect(transcript.contains("\u{1B}[33mDelete 1 completed item(s)? [y/N]\u{1B}[0m\n"))
  }
}
