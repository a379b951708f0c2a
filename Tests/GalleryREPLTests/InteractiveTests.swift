import Testing

@Suite struct InteractiveTests {
  @Test func effectResultsAreAnnouncedAboveThePromptBetweenCommands() async {
    let harness = Harness(interactive: true)
    _ = await harness.run("login\nlogin ann", finish: false)
    await harness.clock.advance(by: .seconds(1))  // the user is at the prompt
    harness.takeChanges()
    #expect(
      harness.console.text == """
        > login
        state: loggedOut
        > login ann
        state: loggingIn (ann)
        \r\u{1B}[Klogin flow: now loggedIn (ann)
        login [ann]>\u{20}
        """, "the prompt after the notice names the user just logged in")
  }

  @Test func aCommandsOwnResultsAreShownByItNotAnnounced() async {
    let harness = Harness(interactive: true)
    _ = await harness.run("todo\nlogin\nlogin ann\nwait 1", finish: false)
    harness.takeChanges()  // what the commands showed, left out
    await harness.engine.finish()
    let transcript = harness.console.text
    #expect(!transcript.contains("\u{1B}[K"))
    #expect(transcript.hasSuffix("> wait 1\nstate: loggedIn (ann)\n"))
  }

  @Test func ticksAreNeverAnnounced() async {
    let harness = Harness(interactive: true)
    _ = await harness.run("stopwatch\nstart", finish: false)
    await harness.clock.advance(by: .seconds(2))
    harness.takeChanges()
    #expect(!harness.console.text.contains("\u{1B}[K"))
  }

  @Test func pipedScriptsGetNoAnnouncements() async {
    let transcript = await Harness(interactive: false).run("login\nlogin ann\nwait 1")
    #expect(!transcript.contains("login flow"))
  }
}

@Suite struct SearchNoticeTests {
  @Test func aSearchThatArrivesAtThePromptShowsItsResults() async {
    let harness = Harness(interactive: true)
    _ = await harness.run("github\nsearch actor", finish: false)
    await harness.clock.advance(by: .seconds(1))
    harness.takeChanges()
    #expect(
      harness.console.text.hasSuffix(
        """
        \r\u{1B}[Kgithub: 'actor' sorted by best-match: 1 result(s), page 1
          1. delphine-ruiz/swift-actor-playground  ★167  Swift
        github>\u{20}
        """))
  }
}
