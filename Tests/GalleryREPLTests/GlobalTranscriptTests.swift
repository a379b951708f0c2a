import Testing

@testable import ActomatonREPL
@testable import GalleryApp

@Suite struct GlobalTranscriptTests {
  @Test func globalScript() async {
    let transcript = await Harness().run(
      """
      help
      help toggle
      list
      foo
      debug on
      counter
      +
      debug off
      +
      home
      exit
      """)
    #expect(
      transcript == """
        > help
        global commands:
          help [COMMAND]        list the commands, or explain one
          list                  list the screens (on the todo screen: show the whole list)
          [open] SCREEN         open a screen: \(Screen.names)
          home | back           leave the screen for the home screen
          state                 print the screen's whole state
          debug on|off          log every action and the state fields it changed
          wait [SECONDS]        wait for the screen's effects (at most SECONDS)
          undo [N]              go back to before the N-th last command that changed something (N ≤ 100)
          redo                  go forward again after undo (until a new command)
          history               the session's last 20 commands, each with the actions it caused
          report                write the last 1,000 actions to a file to replay or attach to a bug
          quit | exit           save and leave (end of input does the same)
        > help toggle
        usage: toggle N  (on the todo screen)
          mark item N done or not done
        example: toggle 1
        > list
        \(Harness.screenList)
        > foo
        error: Unknown command 'foo'. Type 'help' for the list.
        > debug on
        debug log on
        > counter
        [debug] action: changeCurrent(Optional(.counter(State(count: 0, refusal: nil))))
        [debug]   (no state change)
        [debug] action: _show(Optional(.counter(State(count: 0, refusal: nil))))
        [debug]   .screen: nil → counter(State(count: 0, refusal: nil))
        count: 0
        > +
        [debug] action: counter(.increment)
        [debug]   .screen.counter.count: 0 → 1
        count: 1
        > debug off
        debug log off
        > +
        count: 2
        > home
        \(Harness.screenList)
        > exit

        """)
  }

  @Test func extraWordsAfterGlobalCommandsAreRefused() async {
    let transcript = await Harness().run("list x\nhelp add now\nhome again")
    #expect(
      transcript == """
        > list x
        error: 'list' takes no argument, but got 'x'.
        > help add now
        error: Expected 'help' or 'help COMMAND', got 'help add now'.
        > home again
        error: 'home' takes no argument, but got 'again'.

        """)
  }
}
