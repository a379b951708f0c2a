import Testing

@testable import GalleryREPL

/// The prompt names who is logged in, through a session store bound to the app's state.
@Suite struct SessionPromptTests {
  @Test func thePromptFollowsTheLoggedInUserThroughTheBinding() async {
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
    #expect(engine.prompt == "login> ", "logged out: the binding cleared the name")
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
