import Testing

@Suite struct InteractiveTests {
  @Test func effectResultsAreAnnouncedAboveThePromptAtATerminal() async {
    let transcript = await Harness(interactive: true).run("login\nlogin ann\nwait 1")
    #expect(
      transcript == """
        > login
        state: loggedOut
        > login ann
        state: loggingIn (ann)
        > wait 1
        \r\u{1B}[Klogin flow: now loggedIn (ann)
        login> state: loggedIn (ann)

        """)
  }

  @Test func ticksAreNeverAnnounced() async {
    let transcript = await Harness(interactive: true).run("stopwatch\nstart\nwait 2")
    #expect(!transcript.contains("\u{1B}[K"))
  }

  @Test func pipedScriptsGetNoAnnouncements() async {
    let transcript = await Harness(interactive: false).run("login\nlogin ann\nwait 1")
    #expect(!transcript.contains("login flow"))
  }
}
