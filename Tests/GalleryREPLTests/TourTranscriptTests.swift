import Testing

@testable import ActomatonREPL
@testable import GalleryApp

@Suite struct TourTranscriptTests {
  @Test func counterScript() async {
    let transcript = await Harness().run(
      """
      counter
      +
      +
      -
      set 41
      +
      set x
      set
      + 3
      reset
      state
      quit
      """)
    #expect(
      transcript == """
        > counter
        count: 0
        > +
        count: 1
        > +
        count: 2
        > -
        count: 1
        > set 41
        count: 41
        > +
        count: 42
        > set x
        error: 'x' is not a whole number: expected 'set N'. Try 'help set'.
        > set
        error: Missing N: expected 'set N'. Try 'help set'.
        > + 3
        error: '+' takes no argument, but got '3'. Try 'help +'.
        > reset
        count: 0
        > state
        counter state:
          count: 0
          refusal: nil
        > quit

        """)
  }

  @Test func aTourOfEveryScreenKeepsEachScreensWorkToItself() async {
    let harness = Harness()
    let transcript = await harness.run(
      """
      counter
      +
      stopwatch
      start
      wait 1
      login
      login ann
      todo
      add visit every screen
      github
      search tessera
      wait
      counter
      counter
      home
      """)
    #expect(
      transcript == """
        > counter
        count: 0
        > +
        count: 1
        > stopwatch
        00:00.00  (idle)
        > start
        00:00.00  (running)
        > wait 1
        00:01.00  (running)
        > login
        state: loggedOut
        > login ann
        state: loggingIn (ann)
        > todo
        0 active, 0 completed
          (no items)
        > add visit every screen
        1 active, 0 completed
          1. [ ] visit every screen
        > github
        no search yet: try 'search swift'
        > search tessera
        searching 'tessera'…
        > wait
        'tessera' sorted by best-match: 2 result(s), page 1
          1. ambergate/tessera  ★6120  Swift
          2. ambergate/tessera-vapor  ★840  Swift
        > counter
        count: 0
        > counter
        already on counter
        count: 0
        > home
        \(Harness.screenList)

        """)
    #expect(harness.clock.sleeperCount == 0, "nothing left running: no tick, no login")
  }
}
