import Actomaton
import ActomatonDebugging
import ActomatonRecording
import Foundation
import PrivateFiles

extension Engine {
  /// `undo [N]`: the app as it was just before the N-th last command line that sent an action
  /// (lines that only show something do not count); everything after it, fed-back actions
  /// included, is undone.
  func undo(_ arguments: Arguments) async {
    var count = 1
    do throws(CommandError) {
      try arguments.expectAtMost(1, usage: "undo [N]")
      if let word = arguments.words.first, word.allSatisfy({ $0.isASCII && $0.isNumber }),
        Int(word) == nil
      {
        // NOTE: a count past what an Int holds is still a count: more than can be undone.
        count = .max
      } else if !arguments.words.isEmpty {
        count = try arguments.number(0, named: "N", usage: "undo [N]")
      }
    } catch {
      return fail(error.message)
    }
    let asked = arguments.words.first ?? "1"
    guard count >= 1 else { return fail("'undo \(count)' undoes nothing: N is at least 1.") }
    await refresh()
    let now = state
    let found = recording.marks.withLock { marks -> (SessionRecording<Host>.Mark, Host.State)? in
      let lines = recording.changingLines(marks)
      guard count <= lines.count else { return nil }
      let target = lines[lines.count - count]
      let undone = marks.done.drop { $0.entry < target.entry }
      marks.done.removeLast(undone.count)
      var state = target.state ?? now
      // NOTE: redo goes forward to where undo was typed: one step holds the state then.
      var (redone, after) = (target, now)
      if let saved = Host.saved {
        // NOTE: back before the list was loaded, the list then was the file's: the list as it
        // was loaded (before the first line after it) is put back, so the edits since leave the
        // file.
        let loaded =
          undone.dropFirst().lazy.compactMap(\.state).first(where: saved.isLoaded)
          ?? target.loadedLater
        if !saved.isLoaded(state), let loaded { state = saved.putting(loaded, state) }
        redone.loadedLater = loaded.map(saved.forUndoOnly)
        after = saved.forUndoOnly(after)
      }
      marks.undone.append((redone, after))
      return (target, state)
    }
    guard let (target, restoring) = found else {
      let (lines, forgot) = recording.marks.withLock {
        (recording.changingLines($0).count, $0.forgotLines)
      }
      let limit = forgot ? " (undo goes back at most \(SessionRecording<Host>.undoLimit))" : ""
      return fail(
        lines == 0 && !forgot
          ? "Nothing to undo: no command has changed anything yet."
          : "Cannot undo \(asked.clipped()) command(s): only \(lines) can be undone\(limit).")
    }
    await put(restoring, saying: "undid '\(target.line.clipped())' and what followed it")
  }

  /// `redo`: forward again to where the last `undo` was typed, until a new command is typed.
  func redo(_ arguments: Arguments) async {
    guard expectNoArguments(arguments, "redo") else { return }
    let step = recording.marks.withLock {
      marks -> (mark: SessionRecording<Host>.Mark, after: Host.State)? in
      guard let step = marks.undone.popLast() else { return nil }
      marks.done.append(step.mark)
      return step
    }
    guard let step else { return fail("Nothing to redo: redo follows undo.") }
    await put(step.after, saying: "redid '\(step.mark.line.clipped())'")
  }

  /// Puts `restored` in place: the work in flight is cancelled, what lives follows the state,
  /// and a todo list that changed is saved again, so the file matches what the person sees.
  private func put(_ restoring: Host.State, saying what: String) async {
    // NOTE: a save in flight lands first: cancelled with the work in flight, its answer was
    // dropped, the list's record of what is saved stayed older than the file, and the next save
    // merged what undo took away back in as another session's change (1 undo in 4 across the
    // todo screen).
    await refresh()
    if let saved = Host.saved, saved.isLoaded(state) { await flushSaved() }
    for task in waiter.forgetInFlight() { task.cancel() }
    await refresh()
    let before = state
    let restored = Host.saved?.restored(restoring, before) ?? restoring
    let actomaton = self.actomaton
    // NOTE: what the restored state starts is the screen's work in flight, as a command's
    // effects are: a running stopwatch's timer never ends, and waiting for it froze the REPL.
    let task = await withTaskExecutorPreference(executor) { await actomaton.restore(restored) }
    if let task { waiter.track(task) }
    // NOTE: a request the restored state waits on (a login, a search) did not come back with
    // it: an action started it, the state does not declare it. Told so, the screen ends the wait
    // its own way instead of waiting for nothing.
    if let abandon = Screen<Host>.shown(in: restored)?.abandon(restored) {
      if let task = await send(abandon) { waiter.track(task) }
    }
    // NOTE: nor is a question pending then asked again: the next line would answer it.
    await refresh()
    if let screen = current, screen.question(state) != nil, let no = screen.answer(.no) {
      if let task = await send(no) { waiter.track(task) }
    }
    if let saved = Host.saved, saved.isLoaded(restored), saved.differs(restored, before) {
      await flushSaved()
    }
    await refresh()
    recording.lineRestored()
    console.print(what)
    guard current != nil else { return console.print(Views<Host>.screenList) }
    render(countsFailures: false, showsRefusal: false)
  }

  /// Saves the saved part now and waits (bounded) until the save has landed and been answered.
  private func flushSaved() async {
    guard let flush = Host.saved?.flush, let save = await send(flush) else { return }
    await waiter.wait(for: [save], atMost: .seconds(5))
  }

  /// `history`: the session's last command lines (`undo` and the lines it undid included),
  /// each with the actions that followed it; past 20, it says how many it leaves out.
  func history(_ arguments: Arguments) {
    guard expectNoArguments(arguments, "history") else { return }
    let (lines, actions, total) = recording.marks.withLock {
      (Array($0.typed.elements), $0.actions.elements, $0.typedCount)
    }
    guard !lines.isEmpty else { return console.print("no commands yet") }
    let shown = SessionRecording<Host>.historyShown
    var printed: [String] = []
    if total > shown { printed.append("the last \(shown) of \(total) commands:") }
    let forgotten = total - lines.count
    let restoring = recording.marks.withLock { $0.restoringLines }
    for (index, mark) in lines.enumerated().suffix(shown) {
      let end = index + 1 < lines.count ? lines[index + 1].entry : Int.max
      let following = actions.filter { $0.entry >= mark.entry && $0.entry < end }
      let ticks = following.filter { Host.isTick($0.action) }.count
      var described = following.filter { !Host.isTick($0.action) }.map {
        StateDiff.describe($0.action).clipped(60)
      }
      if ticks > 0 { described.append("\(ticks) tick(s)") }
      let restored = restoring.contains(forgotten + index + 1)
      let none = restored ? "(state restored)" : "(no action)"
      let summary = described.isEmpty ? none : described.joined(separator: ", ")
      printed.append(
        "\(forgotten + index + 1). \(mark.line.clipped()) → \(summary.clipped(200))")
    }
    console.print(printed)
  }

  /// `report`: writes the last actions to the state folder and says where.
  func report(_ arguments: Arguments) {
    guard expectNoArguments(arguments, "report") else { return }
    guard let url = recording.reportURL else {
      return fail("No folder to write the report to: neither XDG_STATE_HOME nor HOME is set.")
    }
    // NOTE: a checkpoint of the state now, so that a replay of even a short tail checks it
    // (a report with none replayed a tampered action and passed).
    recording.recorder.checkpoint()
    recording.recorder.flush()
    let limit = recording.reportLimit
    // NOTE: without the checkpoint at its end, a replay would check no state at all.
    guard recording.ring.endsWithCheckpoint,
      let (lines, entries) = recording.ring.jsonLines(limit: limit)
    else {
      return fail(
        "The state is too large for a report (at most \(limit >> 20) MiB, and "
          + "\(recording.ring.lineLimit >> 20) MiB a line); nothing was written.")
    }
    // NOTE: fewer than the ring keeps when their states are large: said, with why.
    let cut =
      entries < recording.ring.replayableEntryCount
      ? " (the earlier ones would pass \(limit >> 20) MiB, the most a report holds)" : ""
    do throws(SystemError) {
      try PrivateFile.makeDirectories(url.deletingLastPathComponent().path)
      try PrivateFile.replace(url.path, with: lines)
      console.print(
        "wrote the last \(entries) action(s)\(cut) to \(url.path); "
          + "replay them with '\(Host.name) --replay \(url.path)'")
    } catch {
      fail("Could not write \(url.path): \(Self.reason(error, writing: url)).")
    }
  }

  /// Why a file could not be written, in words: "not a directory" does not say which folder on
  /// the way is a file.
  static func reason(_ error: SystemError, writing url: URL) -> String {
    var folder = url.deletingLastPathComponent().path
    while folder != "/", PrivateFile.identity(of: folder) == nil {
      folder = (folder as NSString).deletingLastPathComponent
    }
    if PrivateFile.identity(of: folder) != nil, !PrivateFile.isDirectory(folder) {
      return "\(folder) is a file, not a folder"
    }
    return error.reason
  }
}
