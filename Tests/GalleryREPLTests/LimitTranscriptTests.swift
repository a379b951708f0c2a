import ActomatonREPL
import Foundation
import GalleryApp
import Testing
import TodoStorage

/// Huge lines get one short refusal instead of being parsed, stored and echoed back.
@Suite struct LimitTranscriptTests {
  @Test func aLineOverTheLimitIsRefusedWithoutBeingEchoed() async {
    let harness = Harness()
    await harness.engine.execute("todo")
    await harness.engine.execute("add " + String(repeating: "x", count: Engine.maxLineLength - 3))
    await harness.engine.execute("add " + String(repeating: "y", count: 1 << 20))
    #expect(
      harness.console.text == """
        0 active, 0 completed
          (no items)
        error: The line is 65537 bytes long; lines are at most 65536 bytes.
        error: The line is 1048580 bytes long; lines are at most 65536 bytes.

        """)
    #expect(harness.engine.failures == 2)
  }

  @Test func aLineAtTheLimitIsRun() async {
    let harness = Harness()
    await harness.engine.execute("todo")
    await harness.engine.execute("add " + String(repeating: "x", count: Engine.maxLineLength - 4))
    #expect(
      harness.console.text.hasSuffix(
        "! An item can have at most 1000 characters; this one has 65532.\n"))
  }

  @Test func aLongListShowsItsFirstHundredItemsAfterACommandAndListShowsAll() async {
    let items = (1...102).map { TodoItem(id: UUID(), text: "item \($0)") }
    let harness = Harness(todo: .inMemory(items))
    await harness.engine.execute("todo")
    await harness.engine.execute("toggle 101")
    let afterToggle = harness.console.text.split(separator: "\n").suffix(102)
    #expect(afterToggle.first == "101 active, 1 completed")
    #expect(afterToggle.suffix(2) == ["  100. [ ] item 100", "  … 2 more ('list' shows them all)"])
    await harness.engine.execute("list")
    #expect(harness.console.text.hasSuffix("  101. [x] item 101\n  102. [ ] item 102\n"))
  }

  @Test func aLongUserIDIsShownCutAfter64Characters() async {
    let userID = String(repeating: "u", count: 100)
    let cut = String(repeating: "u", count: 64) + "…"
    let transcript = await Harness().run("login\nlogin \(userID)\nwait 1")
    #expect(
      transcript == """
        > login
        state: loggedOut
        > login \(userID)
        state: loggingIn (\(cut))
        > wait 1
        state: loggedOut
        ! Login failed: user ID must be 1 to 64 characters without spaces, got "\(cut)"

        """)
  }

  @Test func waitOnTheHomeScreenSaysThereIsNothingToWaitFor() async {
    let transcript = await Harness().run("wait\nwait 2")
    #expect(
      transcript == """
        > wait
        home screen: nothing to wait for
        > wait 2
        home screen: nothing to wait for

        """)
  }
}
