import ActomatonREPL
import ActomatonRecording
import ActomatonTesting
import AppRoot
import Foundation
import GalleryApp
import Testing
import TodoStorage

/// `undo`, `redo`, `history` and `report`: the session's recording at the prompt.
@Suite struct UndoTranscriptTests {
  @Test func undoTakesBackTheLastCommandAndTheSavedListFollows() async throws {
    let storage = TodoStorage.inMemory()
    let harness = Harness(todo: storage)
    let transcript = await harness.run("todo\nadd milk\nadd eggs\nwait 1\nundo", finish: false)
    #expect(
      transcript.hasSuffix(
        """
        > undo
        undid 'add eggs' and what followed it
        1 active, 0 completed
          1. [ ] milk

        """), "\(transcript)")
    #expect(try await storage.load().map(\.text) == ["milk"])

    _ = await harness.run("redo\nwait 1", finish: false)
    #expect(harness.console.text.contains("> redo\nredid 'add eggs'\n2 active, 0 completed\n"))
    #expect(try await storage.load().map(\.text) == ["milk", "eggs"])
  }

  @Test func undoNGoesBackSeveralCommandsAndSkipsThoseThatChangedNothing() async throws {
    let harness = Harness()
    let transcript = await harness.run(
      "counter\n+\nhelp\n+\nlist\n+\nundo 2", finish: false)
    // NOTE: 'help' and 'list' changed nothing: the two last commands that did are the last
    // two '+'.
    #expect(
      transcript.hasSuffix("> undo 2\nundid '+' and what followed it\ncount: 1\n"), "\(transcript)")
  }

  @Test func undoAcrossAScreenChangeStopsTheLeftScreensWork() async throws {
    let harness = Harness()
    _ = await harness.run("counter\n+\nstopwatch\nstart\nwait 1", finish: false)
    #expect(harness.clock.sleeperCount == 1, "the stopwatch ticks")
    let transcript = await harness.run("undo 2", finish: false)
    #expect(transcript.hasSuffix("> undo 2\nundid 'stopwatch' and what followed it\ncount: 1\n"))
    #expect(harness.engine.prompt == "counter> ")
    #expect(harness.clock.sleeperCount == 0, "the ticks stopped with their screen")
  }

  /// The restored state's work (a running stopwatch's timer) is work in flight, as a command's
  /// is: `redo` waited for that timer to end, and froze the REPL for 5 s.
  @Test func redoIntoARunningStopwatchReturnsAtOnceAndItRuns() async throws {
    let harness = Harness()
    let transcript = await harness.run("stopwatch\nstart\nundo\nredo", finish: false)
    #expect(
      transcript.hasSuffix("> redo\nredid 'start'\n00:00.00  (running)\n"), "\(transcript)")
    #expect(harness.clock.now == TestClock.Instant(), "no time passed")
    #expect(harness.clock.sleeperCount == 1, "the stopwatch ticks")
  }

  /// Going back to before an answer does not ask the question again: the next `undo` was taken
  /// as its answer, and what it should have undone stayed.
  @Test func undoBeforeAnAnswerDoesNotAskTheQuestionAgain() async {
    let harness = Harness()
    let transcript = await harness.run(
      "todo\nadd milk\nadd eggs\ntoggle 2\nclear-completed\ny\nundo\nundo", finish: false)
    #expect(
      transcript.contains("> undo\nundid 'clear-completed' and what followed it\n"), "\(transcript)"
    )
    #expect(!transcript.hasSuffix("[y/N]\n"))
  }

  @Test func undoAndRedoRefuseWhatTheyCannotDo() async {
    let harness = Harness()
    let transcript = await harness.run(
      "undo\nredo\ncounter\n+\nundo 3\nundo 0\nundo x\nundo 1 2\nredo now", finish: false)
    for message in [
      "error: Nothing to undo: no command has changed anything yet.",
      "error: Nothing to redo: redo follows undo.",
      "error: Cannot undo 3 command(s): only 2 can be undone.",
      "error: 'undo 0' undoes nothing: N is at least 1.",
      "error: 'x' is not a whole number: expected 'undo [N]'.",
      "error: Unexpected '2': expected 'undo [N]'.",
      "error: 'redo' takes no argument, but got 'now'.",
    ] {
      #expect(transcript.contains(message + "\n"), "\(message)\n\(transcript)")
    }
    #expect(harness.engine.failures == 7)
  }

  @Test func aNewCommandEndsWhatRedoCouldDo() async {
    let harness = Harness()
    let transcript = await harness.run("counter\n+\nundo\n+\nredo", finish: false)
    #expect(transcript.hasSuffix("> redo\nerror: Nothing to redo: redo follows undo.\n"))
  }

  /// Only a line that changes something ends what redo could do (`history` to see where one
  /// is, or `help`, ended it).
  @Test func aLineThatOnlyShowsSomethingKeepsWhatRedoCanDo() async {
    let harness = Harness()
    let transcript = await harness.run(
      "counter\n+\n+\nundo\nhistory\nhelp\nstate\nredo", finish: false)
    #expect(transcript.hasSuffix("> redo\nredid '+'\ncount: 2\n"), "\(transcript)")
  }

  @Test func historyListsEachCommandWithTheActionsItCaused() async {
    let harness = Harness()
    let transcript = await harness.run("counter\n+\nhelp\nset 5\nhistory", finish: false)
    #expect(
      transcript.hasSuffix(
        """
        > history
        1. counter → changeCurrent(Optional(.counter(State(count: 0, refusal: nil…, \
        _show(Optional(.counter(State(count: 0, refusal: nil))))
        2. + → counter(.increment)
        3. help → (no action)
        4. set 5 → counter(.set(5))
        5. history → (no action)

        """), "\(transcript)")
  }

  @Test func historyPastTwentyCommandsSaysHowManyItLeavesOut() async {
    let harness = Harness()
    let lines = ["counter"] + Array(repeating: "+", count: 24)
    let transcript = await harness.run((lines + ["history"]).joined(separator: "\n"), finish: false)
    #expect(transcript.contains("> history\nthe last 20 of 26 commands:\n7. + → "), "\(transcript)")
    #expect(transcript.hasSuffix("25. + → counter(.increment)\n26. history → (no action)\n"))
  }

  static let cannotUndo101 =
    "Cannot undo 101 command(s): only 100 can be undone (undo goes back at most 100).\n"

  /// Lines that change nothing take no place among the 100 that undo can go back.
  @Test func undoGoesBackAHundredChangingLinesWhateverCameBetween() async {
    let lines = ["counter"] + Array(repeating: ["+", "state"], count: 110).flatMap { $0 }
    let harness = Harness()
    _ = await harness.run(lines.joined(separator: "\n"), finish: false)
    let refused = await harness.run("undo 101", finish: false)
    #expect(refused.hasSuffix(Self.cannotUndo101), "\(refused)")
    let undone = await harness.run("undo 100", finish: false)
    #expect(
      undone.hasSuffix("> undo 100\nundid '+' and what followed it\ncount: 10\n"), "\(undone)")
  }

  /// Past twice the limit the oldest lines are forgotten in a batch; undo still counts a
  /// hundred back from the last line, and `history` numbers past the thousand it keeps.
  @Test func undoAndHistoryHoldTheirLimitsOverALongSession() async {
    let lines = ["counter"] + Array(repeating: "+", count: 1_050)
    let harness = Harness()
    _ = await harness.run(lines.joined(separator: "\n"), finish: false)
    let refused = await harness.run("undo 101", finish: false)
    #expect(refused.hasSuffix(Self.cannotUndo101), "\(refused)")
    let undone = await harness.run("undo 100", finish: false)
    #expect(
      undone.hasSuffix("> undo 100\nundid '+' and what followed it\ncount: 950\n"), "\(undone)")
    let history = await harness.run("history", finish: false)
    #expect(history.contains("> history\nthe last 20 of 1054 commands:\n1035. + → "), "\(history)")
    #expect(
      history.hasSuffix("1053. undo 100 → (state restored)\n1054. history → (no action)\n"),
      "\(history)")
  }

  @Test func reportWritesTheLastActionsWhereItSaysAndTheyReplay() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("report-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("gallery/last-session.jsonl")
    let harness = Harness(recording: SessionRecording(reportURL: url))
    let transcript = await harness.run("counter\n+\n+\nreport", finish: false)
    // NOTE: opening a screen is two actions: the change and the screen's first appearance.
    #expect(
      transcript.hasSuffix(
        "> report\nwrote the last 4 action(s) to \(url.path); replay them with "
          + "'gallery --replay \(url.path)'\n"), "\(transcript)")
    let recording = try Recording<Root.Action, Root.State>(jsonLines: Data(contentsOf: url))
    // NOTE: the lines typed after the last action are kept too, the `report` itself among them.
    #expect(recording.notes.map(\.text) == ["counter", "+", "+", "report"])
    let outcome = recording.replay(
      through: Root.reducer, environment: Harness.environment(clock: TestClock()))
    #expect(outcome.isFaithful)
    #expect(outcome.state.screen == .counter(.init(count: 2)))
    #expect(outcome.checkpointsPassed >= 1, "the report ends with the state it was written in")
  }

  @Test func reportIntoAFolderThatIsAFileSaysSo() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("report-\(UUID().uuidString)")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let url = file.appendingPathComponent("gallery/last-session.jsonl")
    let harness = Harness(recording: SessionRecording(reportURL: url))
    let transcript = await harness.run("counter\n+\nreport", finish: false)
    #expect(
      transcript.hasSuffix(
        "> report\nerror: Could not write \(url.path): \(file.path) is a file, not a folder.\n"),
      "\(transcript)")
  }

  @Test func reportWithoutAFolderSaysWhy() async {
    let transcript = await Harness().run("report", finish: false)
    #expect(
      transcript.hasSuffix(
        "error: No folder to write the report to: neither XDG_STATE_HOME nor HOME is set.\n"))
  }
}
