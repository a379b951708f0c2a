import Testing

@Suite struct StateDiagramTranscriptTests {
  @Test func stateDiagramScript() async {
    let transcript = await Harness().run(
      """
      login
      login ann
      wait
      logout
      y
      force-logout
      wait
      login two words
      wait
      login
      force-logout
      wait
      diagram
      quit
      """)
    #expect(
      transcript == """
        > login
        state: loggedOut
        > login ann
        state: loggingIn (ann)
        > wait
        state: loggedIn (ann)
        > logout
        state: loggedIn (ann)
        Log out ann? [y/N]
        > y
        state: loggingOut (ann)
        > force-logout
        state: loggingOut (ann)
        ! 'forceLogout' is not allowed while loggingOut
        > wait
        state: loggedOut
        > login two words
        state: loggingIn (two words)
        > wait
        state: loggedOut
        ! Login failed: user ID must be 1 to 64 characters without spaces, got "two words"
        > login
        state: loggingIn (guest)
        > force-logout
        state: loggingOut
        > wait
        state: loggedOut
        > diagram
        states:
          * loggedOut
            loggingIn
            loggedIn
            loggingOut
        transitions:
          loggedOut --login--> loggingIn
          loggingIn --loginOK--> loggedIn
          loggingIn --loginFailed--> loggedOut
          loggingIn --forceLogout--> loggingOut
          loggedIn --logout--> loggingOut
          loggedIn --forceLogout--> loggingOut
          loggingOut --logoutOK--> loggedOut
          loggingOut --logoutFailed--> loggedIn
          loggingOut --logoutFailed--> loggedOut
        > quit

        """)
  }
}
