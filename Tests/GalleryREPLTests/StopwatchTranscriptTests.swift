import Testing

@Suite struct StopwatchTranscriptTests {
  @Test func stopwatchScript() async {
    let transcript = await Harness().run(
      """
      stopwatch
      start
      wait 1.5
      lap
      wait 0.5
      lap
      stop
      wait 10
      show
      start
      wait 0.25
      lap
      reset
      lap
      quit
      """)
    #expect(
      transcript == """
        > stopwatch
        00:00.00  (idle)
        > start
        00:00.00  (running)
        > wait 1.5
        00:01.50  (running)
        > lap
        00:01.50  (running)
          lap 1  00:01.50  total 00:01.50
        > wait 0.5
        00:02.00  (running)
          lap 1  00:01.50  total 00:01.50
        > lap
        00:02.00  (running)
          lap 1  00:01.50  total 00:01.50  slowest
          lap 2  00:00.50  total 00:02.00  fastest
        > stop
        00:02.00  (paused)
          lap 1  00:01.50  total 00:01.50  slowest
          lap 2  00:00.50  total 00:02.00  fastest
        > wait 10
        00:02.00  (paused)
          lap 1  00:01.50  total 00:01.50  slowest
          lap 2  00:00.50  total 00:02.00  fastest
        > show
        00:02.00  (paused)
          lap 1  00:01.50  total 00:01.50  slowest
          lap 2  00:00.50  total 00:02.00  fastest
        > start
        00:02.00  (running)
          lap 1  00:01.50  total 00:01.50  slowest
          lap 2  00:00.50  total 00:02.00  fastest
        > wait 0.25
        00:02.20  (running)
          lap 1  00:01.50  total 00:01.50  slowest
          lap 2  00:00.50  total 00:02.00  fastest
        > lap
        00:02.25  (running)
          lap 1  00:01.50  total 00:01.50  slowest
          lap 2  00:00.50  total 00:02.00
          lap 3  00:00.25  total 00:02.25  fastest
        > reset
        00:00.00  (idle)
        > lap
        00:00.00  (idle)
        ! Cannot lap while the stopwatch is idle.
        > quit

        """)
  }
}
