import ActomatonTesting
import AppRoot
import Foundation
import GitHubSearchFeature
import StateDiagramFeature
import Testing
import TodoStorage

@testable import ActomatonREPL
@testable import GalleryApp

/// `undo` and `redo` at the edges of what a state holds: a request in flight (started by an
/// action, it does not come back with the state: the screen is told, and never waits on), a
/// refused command (no step), and a list not loaded yet (the file's).
@Suite struct UndoBoundaryTests {
  @Test func redoIntoALoginInFlightEndsItAsCancelled() async {
    let harness = Harness()
    let transcript = await harness.run("login\nlogin ann\nundo\nredo\nwait 1", finish: false)
    #expect(transcript.contains("> redo\nredid 'login ann'\n"), "\(transcript)")
    #expect(await harness.engine.actomaton.state.signedInUser == nil)
    guard case let .stateDiagram(login)? = await harness.engine.actomaton.state.screen else {
      Issue.record("not on the login screen: \(transcript)")
      return
    }
    #expect(login.phase == .loggedOut, "not left loggingIn with no request: \(transcript)")
    #expect(login.failure == .login(.cancelled))
    #expect(await harness.engine.actomaton.effectCount == 0)
  }

  @Test func redoIntoASearchInFlightEndsItAsCancelled() async {
    let harness = Harness()
    let transcript = await harness.run("github\nsearch swift\nundo\nredo\nwait 1", finish: false)
    #expect(transcript.contains("> redo\nredid 'search swift'\n"), "\(transcript)")
    guard case let .gitHubSearch(search)? = await harness.engine.actomaton.state.screen else {
      Issue.record("not on the search screen: \(transcript)")
      return
    }
    #expect(search.request == nil, "not left searching with no request: \(transcript)")
    #expect(search.failure?.error == .cancelled)
    #expect(await harness.engine.actomaton.effectCount == 0)
  }

  @Test func undoIntoAStateWithNothingInFlightSendsNothingMore() async {
    let harness = Harness()
    let transcript = await harness.run(
      "login\nlogin ann\nwait 1\nlogout\ny\nwait 1\nundo", finish: false)
    guard case let .stateDiagram(login)? = await harness.engine.actomaton.state.screen else {
      Issue.record("not on the login screen: \(transcript)")
      return
    }
    #expect(login.phase == .loggedIn && login.failure == nil, "\(transcript)")
  }

  /// A refused command changed nothing but its refusal: undo goes past it, redo survives it.
  @Test func aRefusedCommandIsNoUndoStepAndKeepsRedo() async {
    let harness = Harness()
    let undone = await harness.run("login\nlogin ann\nwait 1\nlogin bob\nundo", finish: false)
    #expect(undone.contains("! 'login' is not allowed while loggedIn"), "\(undone)")
    #expect(undone.hasSuffix("> undo\nundid 'login ann' and what followed it\nstate: loggedOut\n"))
    let redone = await harness.run("logout\nredo", finish: false)
    #expect(redone.contains("! 'logout' is not allowed while loggedOut"), "\(redone)")
    #expect(redone.hasSuffix("> redo\nredid 'login ann'\nstate: loggedIn (ann)\n"), "\(redone)")
  }

  /// Back past opening the todo screen: the list then was what the file held, so the edits made
  /// since are taken back from the file too (the state then had no list loaded to save).
  @Test func undoPastOpeningTheTodoListTakesItsEditsBackFromTheFile() async throws {
    let storage = TodoStorage.inMemory()
    try await storage.save([TodoItem(id: UUID(), text: "kept")])
    let harness = Harness(todo: storage)
    let transcript = await harness.run("todo\nadd milk\nwait 1\nundo 2\nwait 1", finish: false)
    #expect(transcript.contains("> undo 2\nundid 'todo' and what followed it\n"), "\(transcript)")
    #expect(try await storage.load().map(\.text) == ["kept"])
    _ = await harness.run("redo\nwait 1", finish: false)
    #expect(try await storage.load().map(\.text) == ["kept", "milk"])
    _ = await harness.run("undo\nwait 1", finish: false)
    #expect(try await storage.load().map(\.text) == ["kept"], "taken back again after redo")
    let reopened = await harness.run("todo", finish: false)
    #expect(reopened.hasSuffix("> todo\n1 active, 0 completed\n  1. [ ] kept\n"), "\(reopened)")
  }

  /// The states undo keeps hold no list (undo rebuilds it): kept whole, every toggle of a huge
  /// list kept a copy of it.
  @Test func theStatesUndoKeepsHoldNoCopyOfTheList() async {
    let harness = Harness()
    let marks = harness.engine.recording.marks
    _ = await harness.run("todo\nadd a\nadd b\ntoggle 1\ntoggle 2\ntoggle 1", finish: false)
    let done = marks.withLock { $0.done.dropLast(2).compactMap(\.state?.todo.items) }
    let transcript = await harness.run("undo\nundo 2", finish: false)
    let undone = marks.withLock { $0.undone.map(\.after.todo.items) }
    #expect(done.count == 4 && undone.count == 2, "\(done) \(undone)")
    #expect((done + undone).allSatisfy { $0.isEmpty }, "\(done) \(undone)")
    #expect(
      transcript.hasSuffix("2 active, 0 completed\n  1. [ ] a\n  2. [ ] b\n"), "\(transcript)")
  }

  /// A move is undone: it was recorded as a swap of the moved item with itself.
  @Test func undoTakesBackAMove() async {
    let harness = Harness()
    let transcript = await harness.run("todo\nadd a\nadd b\ndown 1\nundo", finish: false)
    #expect(transcript.hasSuffix("  1. [ ] a\n  2. [ ] b\n"), "\(transcript)")
  }

  /// A line whose actions left the state as it was is no step either, and keeps redo.
  @Test func aCommandThatChangedNothingIsNoUndoStep() async {
    let harness = Harness()
    let undone = await harness.run("counter\n+\nset 1\nundo", finish: false)
    #expect(undone.hasSuffix("> undo\nundid '+' and what followed it\ncount: 0\n"), "\(undone)")
    let redone = await harness.run("set 0\nredo", finish: false)
    #expect(redone.hasSuffix("> redo\nredid '+'\ncount: 1\n"), "\(redone)")
  }

  /// Ctrl-C is a step of its own: charged to the line before, it made a showing line undoable.
  @Test func ctrlCIsAStepOfItsOwn() async {
    let harness = Harness()
    _ = await harness.run("stopwatch\nstart\nstate", finish: false)
    #expect(await harness.engine.interrupt())
    let transcript = await harness.run("undo\nhistory", finish: false)
    #expect(transcript.contains("> undo\nundid '^C' and what followed it\n"), "\(transcript)")
    #expect(transcript.contains("4. ^C → stopwatch(.stop)"), "\(transcript)")
  }

  /// Past the 1,000 lines the session keeps, `history` still counts from the session's start.
  @Test func historyNumbersFromTheSessionsStart() async {
    let harness = Harness()
    let lines = ["counter"] + Array(repeating: "+", count: 1_005) + ["history"]
    let transcript = await harness.run(lines.joined(separator: "\n"), finish: false)
    #expect(transcript.contains("> history\nthe last 20 of 1007 commands:\n988. + → "))
    #expect(transcript.hasSuffix("1007. history → (no action)\n"))
    // NOTE: only the actions of the lines it shows are kept.
    let actions = harness.engine.recording.marks.withLock { $0.actions.elements.map(\.entry) }
    #expect(actions.count == 19 && actions.first == 988, "\(actions)")
  }

  /// What undo ends (a login in flight) is the person's doing, not a failed command.
  @Test func aWaitEndedByUndoIsNoFailedCommand() async {
    let harness = Harness()
    _ = await harness.run("login\nlogin ann\nforce-logout\nundo\nwait 1", finish: false)
    #expect(harness.engine.failures == 0)
  }

  /// A question pending at the state gone back to is not asked again: the next line would
  /// answer it instead of running.
  @Test func aQuestionPendingThenIsNotAskedAgain() async {
    let harness = Harness()
    let transcript = await harness.run(
      "login\nlogin ann\nwait 2\nlogout\ny\nwait 2\nundo\nredo", finish: false)
    #expect(
      transcript.contains("> undo\nundid 'y' and what followed it\nstate: loggedIn (ann)\n> redo"),
      "\(transcript)")
    #expect(transcript.hasSuffix("> redo\nredid 'y'\nstate: loggedOut\n"), "\(transcript)")
  }

  /// A question answered no left the state as its question found it: undo goes past both.
  @Test func aQuestionAnsweredNoIsNoUndoStep() async {
    let harness = Harness()
    let transcript = await harness.run(
      "login\nlogin ann\nwait 2\nlogout\nn\nundo", finish: false)
    #expect(
      transcript.hasSuffix("> undo\nundid 'login ann' and what followed it\nstate: loggedOut\n"),
      "\(transcript)")
  }

  /// `history` says which undo put a state back, and an undo refused says so as a number too
  /// large for an Int.
  @Test func historyTellsARefusedUndoFromARestoringOne() async {
    let harness = Harness()
    let transcript = await harness.run(
      "counter\n+\nundo 99999999999999999999\nundo\nhistory", finish: false)
    #expect(
      transcript.contains(
        "error: Cannot undo 99999999999999999999 command(s): only 2 can be undone.\n"))
    #expect(
      transcript.contains(
        "3. undo 99999999999999999999 → (no action)\n4. undo → (state restored)\n"), "\(transcript)"
    )
  }

}
