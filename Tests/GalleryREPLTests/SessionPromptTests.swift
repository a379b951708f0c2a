import Testing

@testable import ActomatonREPL
@testable import GalleryApp

/// The prompt names who is logged in, as of the last action (a login's answer, a restore).
@Suite struct SessionPromptTests {
  @Test func thePromptFollowsTheLoggedInUser() async {
    let harness = Harness(interactive: true)
    let engine = harness.engine
    await engine.execute("login")
    #expect(engine.prompt == "login> ")
    await engine.execute("login ann")
    await engine.execute("wait 2")
    await harness.clock.executor.settle()
    #expect(engine.prompt == "login [ann]> ")
    await engine.execute("logout")
    #expect(engine.prompt == "login [ann] [y/N]> ")
    await engine.execute("y")
    await engine.execute("wait 2")
    await harness.clock.executor.settle()
    #expect(engine.prompt == "login> ", "logged out: the name is gone")
  }

  @Test func undoingALoginTakesTheNameOffThePrompt() async {
    let harness = Harness(interactive: false)
    let engine = harness.engine
    await engine.execute("login")
    await engine.execute("login ann")
    await engine.execute("wait 2")
    #expect(engine.prompt == "login [ann]> ")
    await engine.execute("undo")
    #expect(engine.prompt == "login> ", "the state gone back to has nobody logged in")
  }

  @Test func aHostileUserIDIsShownSafelyAndShort() async {
    let harness = Harness(interactive: true)
    let engine = harness.engine
    await engine.execute("login")
    await engine.execute("login \u{1B}[2J" + String(repeating: "x", count: 60))
    await engine.execute("wait 2")
    await harness.clock.executor.settle()
    #expect(!engine.prompt.unicodeScalars.contains("\u{1B}"))
  }
}
