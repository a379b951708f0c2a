import Testing

/// Ctrl-C stops the screen's work through the screen's own action, so the screen says so.
@Suite struct InterruptTests {
  /// Runs `script`, presses Ctrl-C, lets 5 s pass and runs `after`; returns what Ctrl-C printed
  /// and the rest of the transcript.
  static func interrupt(after script: String, then after: String) async -> (
    stopped: Bool, interrupt: String, rest: String
  ) {
    let harness = Harness()
    _ = await harness.run(script, finish: false)
    let before = harness.console.text.count
    let stopped = await harness.engine.interrupt()
    let printed = String(harness.console.text.dropFirst(before))
    await harness.clock.advance(by: .seconds(5))
    let rest = String(await harness.run(after).dropFirst(before + printed.count))
    return (stopped, printed, rest)
  }

  @Test func ctrlCStopsARunningStopwatch() async {
    let result = await Self.interrupt(after: "stopwatch\nstart\nwait 1", then: "show")
    #expect(result.stopped)
    #expect(result.interrupt == "00:01.00  (paused)\n")
    #expect(result.rest == "> show\n00:01.00  (paused)\n", "no tick came after Ctrl-C")
  }

  @Test func ctrlCForceLogsOutALoginInFlight() async {
    let result = await Self.interrupt(after: "login\nlogin ann", then: "wait 2")
    #expect(result.stopped)
    #expect(result.interrupt == "state: loggingOut\n")
    #expect(result.rest == "> wait 2\nstate: loggedOut\n", "the login never completes")
  }

  @Test func ctrlCLetsALogoutInFlightFinish() async {
    let result = await Self.interrupt(after: "login\nlogin ann\nwait 1\nlogout\ny", then: "wait 2")
    #expect(!result.stopped)
    #expect(result.rest == "> wait 2\nstate: loggedOut\n")
  }

  @Test func ctrlCAtAQuestionAnswersNo() async {
    let result = await Self.interrupt(after: "login\nlogin ann\nwait 1\nlogout", then: "+")
    #expect(result.stopped)
    #expect(result.interrupt == "state: loggedIn (ann)\n", "the question is gone")
    #expect(result.rest.hasPrefix("> +\nerror: '+' works on the counter screen"), "a command again")
  }

  @Test func ctrlCCancelsASearchAndTheScreenSaysSo() async {
    let result = await Self.interrupt(after: "github\nsearch swift", then: "wait 2")
    #expect(result.stopped)
    #expect(result.interrupt.hasSuffix("! The search was cancelled.\n"))
    #expect(!result.rest.contains("searching"))
  }

  @Test func ctrlCLeavesAPendingTodoSaveAlone() async {
    let result = await Self.interrupt(after: "todo\nadd milk", then: "list")
    #expect(!result.stopped)
    #expect(result.interrupt == "")
    #expect(result.rest.hasSuffix("  1. [ ] milk\n"))
  }

  @Test func ctrlCWithNothingRunningChangesNothing() async {
    let result = await Self.interrupt(after: "counter\n+", then: "+")
    #expect(!result.stopped)
    #expect(result.rest == "> +\ncount: 2\n")
  }
}
