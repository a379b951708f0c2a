import Actomaton
import ActomatonRecording
import Foundation
import OutsideText
import ShellProcess

/// The session's recording: the last 1,000 actions always, and the whole session in a file with
/// `--record`; the states before the last command lines, for `undo` and `redo`.
public final class SessionRecording<Host: ShellHost>: Sendable {
  /// A command line and the state just before it.
  @usableFromInline struct Mark: Sendable {
    @usableFromInline let line: String
    /// The number of entries recorded before the line ran.
    @usableFromInline let entry: Int
    /// The state before the line's first entry; `nil` while it has none.
    @usableFromInline var state: Host.State?
    /// Whether the line was refused (it changed nothing but its refusal).
    @usableFromInline var isRefused = false
    /// Whether the line answered the question the line before it asked.
    @usableFromInline var isAnswer = false
    /// Whether `state` holds only what undo reads (``SavedPart/forUndoOnly``).
    @usableFromInline var isForUndoOnly = false
    /// The state after the line whose saved part (the todo list) was loaded, when the line came
    /// before it was loaded: what undo past the line puts back of it. Kept by the `undo` that
    /// found it, for the same undo after a `redo` (which does not bring back the lines between).
    var loadedLater: Host.State?

    @usableFromInline init(line: String, entry: Int) { (self.line, self.entry) = (line, entry) }
  }

  @usableFromInline struct Marks: Sendable {
    /// Keeps `old` as the state before the last command line, if `entry` is its first.
    @inlinable mutating func keep(_ old: Host.State, before entry: Int) {
      guard let last = done.indices.last, done[last].state == nil, done[last].entry <= entry
      else { return }
      done[last].state = old
    }

    @usableFromInline var done: [Mark] = []
    /// Whether the last of `done` is the line running, not yet judged.
    @usableFromInline var isLastOpen = false
    /// The state after the last action.
    @usableFromInline var latest: Host.State?
    /// What `undo` took back, newest last, with the state it left.
    @usableFromInline var undone: [(mark: Mark, after: Host.State)] = []
    /// What `undone` held before the line running sent its first action, in case it is refused.
    @usableFromInline var undoneBeforeLine: [(mark: Mark, after: Host.State)]?
    /// Whether the line running is `undo` or `redo`, whose own actions keep what can be redone.
    @usableFromInline var isUndoing = false
    /// The last lines run, with the number of entries before each, for `history`.
    @usableFromInline var typed = FrontTrimmedArray<(line: String, entry: Int)>()
    /// How many lines were run in all, the ones `typed` no longer holds included.
    @usableFromInline var typedCount = 0
    /// Whether a line that changed something was forgotten, past ``undoLimit``.
    @usableFromInline var forgotLines = false
    /// The numbers (from 1, as `history` counts) of the `undo` and `redo` lines that put a
    /// state back.
    var restoringLines: Set<Int> = []
    /// The last actions (of the lines `history` shows), with their entry index.
    // NOTE: both forget their oldest in constant time: as arrays, each action moved the
    // thousand kept (12% of the gallery's time on a scripted session).
    @usableFromInline var actions = FrontTrimmedArray<(entry: Int, action: Host.Action)>()
  }

  /// A recording file's one problem, on standard error; its path may hold anything.
  static func sayOnStandardError(_ problem: String) {
    FileHandle.standardError.write(Data(problem.terminalSafe.utf8))
  }

  /// Where `report` writes: `$XDG_STATE_HOME/NAME/last-session.jsonl` (NAME the host's),
  /// else under `~/.local/state`; `nil` when neither is set.
  public static func reportURL(_ environment: [String: String]) -> URL? {
    try? Host.stateFile("last-session.jsonl", environment)
  }

  /// The note before what the end of the session does (leaving the screen, saving): not a
  /// command, so a replay shows the last command's screen before it.
  static var endOfInput: String { "(end of input)" }

  /// How many actions the ring (and `history`) keeps.
  @usableFromInline static var kept: Int { 1_000 }
  /// The most bytes a report holds; a line longer than a quarter of it is not kept.
  // NOTE: well under what `--replay` reads (`Replayer.maxBytes`), so that every report replays:
  // a huge list's states in the ring (its saves, its checkpoints) passed that bound. And small
  // enough that a huge list's lines are left out, not kept in memory to fill a report of a few.
  public static var reportLimit: Int { 16 << 20 }
  /// How many command lines that changed something `undo` can go back.
  @usableFromInline static var undoLimit: Int { 100 }
  /// How many command lines `history` shows.
  @usableFromInline static var historyShown: Int { 20 }

  @usableFromInline let recorder: Recorder<Host.Action, Host.State>
  /// The last actions, for `report` and the crash report.
  // NOTE: in at most twice what a report writes (so a report can still start at a checkpoint
  // that fits, and say what it left out): a huge list's states in its answers and checkpoints
  // made the ring the session's largest holder of memory, growing with every save.
  let ring: RingSink
  let crashSink: CrashReportSink
  /// Where `report` writes the ring; `nil` when there is no state folder.
  @usableFromInline let reportURL: URL?
  /// The most bytes `report` writes.
  let reportLimit: Int
  @usableFromInline let marks = Locked(Marks())
  /// Whether each command line gets a checkpoint, so a replay reports a divergence at its
  /// command: with `--record` only, since each is the whole state encoded.
  @usableFromInline let checkpointsAtCommands: Bool

  /// - Parameters:
  ///   - file: Where `--record` writes the whole session, if anywhere.
  ///   - reportURL: Where `report` writes the last actions.
  ///   - clock: The app's clock, which times the entries.
  ///   - reportLimit: The most bytes `report` writes.
  public init(
    file: URL? = nil, reportURL: URL? = nil, clock: any Clock<Duration> = ContinuousClock(),
    reportLimit: Int = SessionRecording.reportLimit
  ) {
    self.reportURL = reportURL
    self.reportLimit = reportLimit
    ring = RingSink(capacity: Self.kept, byteLimit: 2 * reportLimit, lineLimit: reportLimit / 4)
    crashSink = CrashReportSink(ring: ring)
    let sinks: [any RecordingSink] =
      [ring, crashSink]
      + (file.map { [JSONLinesFileSink(url: $0, problems: { Self.sayOnStandardError($0) })] } ?? [])
    // NOTE: a small buffer: at the speed of a person it never fills, and a script piped in
    // faster than the writer encodes loses entries (said in the trailer), not memory.
    recorder = Recorder(
      initialState: Host.initialState, checkpointEvery: 50, clock: clock, bufferLimit: 4_096,
      sinks: sinks)
    checkpointsAtCommands = file != nil
  }

  /// The observer for the app's actomaton.
  @inlinable var observer: ActomatonObserver<Host.Action, Host.State> {
    let marks = self.marks
    return .combine([
      recorder.observer,
      ActomatonObserver(actionReduced: { [recorder] action, origin, old, new in
        // NOTE: told after the recorder, which has counted this entry.
        let entry = recorder.entryCount - 1
        marks.withLock { marks in
          // NOTE: a line may have changed something if it sent an action; what effects fed back
          // meanwhile (a stopwatch's ticks during `wait`) is not the person's doing. Whether it
          // did is judged when the next line starts (see `willRun`).
          if origin == .send {
            marks.keep(old, before: entry)
            if !marks.isUndoing, !marks.undone.isEmpty {
              marks.undoneBeforeLine = marks.undone
              marks.undone = []
            }
          }
          marks.latest = new
          marks.actions.append((entry, action))
          if marks.actions.count > Self.kept { marks.actions.removeFirst() }
        }
      }),
    ])
  }

  /// The environment, with what its reducers read from it (ids, clocks) recorded.
  @usableFromInline func recording(_ environment: Host.Environment) -> Host.Environment {
    Host.tapping(environment, RecordingTap(recorder: recorder))
  }

  /// The session ends: a `--record` file gets its last checkpoint and trailer.
  // NOTE: without one, nothing reads the lines still waiting once the process has ended, and
  // encoding them (a huge list's states) made quitting wait for seconds.
  func end() {
    if checkpointsAtCommands { recorder.close() }
  }

  /// A command line is about to run.
  @inlinable func willRun(_ line: String, isUndo: Bool) {
    recorder.note(line, checkpoint: checkpointsAtCommands)
    let entry = recorder.entryCount
    marks.withLock { marks in
      marks.typed.append((line, entry))
      marks.typedCount += 1
      if marks.typed.count > Self.kept { marks.typed.removeFirst() }
      // NOTE: `history` shows the actions of its last lines only: older ones are let go, with
      // what they hold (a huge list in each of its saves' answers).
      if marks.typed.count > Self.historyShown {
        let oldest = marks.typed[marks.typed.count - Self.historyShown].entry
        marks.actions.removeFirst { $0.entry < oldest }
      }
      // NOTE: the line before, done by now, is dropped if it changed nothing (it sent no
      // action, left the state as it found it, or was refused): `undo` goes past it, and `redo`
      // goes on as if it had not been typed. Kept, it would take one of undo's places.
      if marks.isLastOpen, let last = marks.done.last,
        last.state == nil || last.state == marks.latest || last.isRefused
      {
        marks.done.removeLast()
        if let undone = marks.undoneBeforeLine { marks.undone = undone }
      } else if marks.isLastOpen, let last = marks.done.last, last.isAnswer,
        marks.done.count >= 2, marks.done[marks.done.count - 2].state == marks.latest
      {
        // NOTE: an answer that left the state as it was before its question (a no) takes the
        // question back with it: undo goes past both.
        marks.done.removeLast(2)
      }
      marks.isUndoing = isUndo
      marks.undoneBeforeLine = nil
      marks.isLastOpen = !isUndo
      if marks.done.count > Self.undoLimit {
        marks.forgotLines = true
        // NOTE: forgotten a hundred at a time (`changingLines` reads the last hundred): one at a
        // time, every line moved the hundred states kept.
        if marks.done.count >= 2 * Self.undoLimit {
          marks.done.removeFirst(marks.done.count - Self.undoLimit)
        }
      }
      if !isUndo { marks.done.append(Mark(line: line, entry: entry)) }
      // NOTE: only the last two lines' states are compared whole (whether a line changed
      // something, whether an answer undid its question); older ones serve only `undo`.
      if marks.done.count >= 3, !marks.done[marks.done.count - 3].isForUndoOnly,
        let forUndoOnly = Host.saved?.forUndoOnly
      {
        let old = marks.done.count - 3
        marks.done[old].state = marks.done[old].state.map(forUndoOnly)
        marks.done[old].isForUndoOnly = true
      }
    }
  }

  /// Marks the line running: refused (it changed nothing but its refusal, so `undo` goes past
  /// it and `redo` goes on as if it had not been typed), or the answer to the question the line
  /// before it asked.
  @inlinable func markLine(_ flag: WritableKeyPath<Mark, Bool>) {
    marks.withLock { marks in
      guard marks.isLastOpen, let last = marks.done.indices.last else { return }
      marks.done[last][keyPath: flag] = true
    }
  }

  /// The `undo` or `redo` line running put a state back.
  func lineRestored() {
    marks.withLock { marks in _ = marks.restoringLines.insert(marks.typedCount) }
  }

  /// A command line is done: publishes the last actions as the report a crash writes
  /// (``CrashReport``), handing the sinks every line recorded so far.
  // NOTE: not while the report is stale (a huge list's states do not fit in it): encoding those
  // states at once would not reach the report, and it made every command wait for them; the
  // writer encodes them on its own thread, helped only before it falls so far behind that lines
  // would be lost (`--record` must hold them all).
  @usableFromInline func lineDone() {
    // NOTE: with `--record`, always: a backlog of a huge list's checkpoints (one per line) made
    // the end of the session wait minutes for the writer to drain it.
    guard
      crashSink.isReachable || checkpointsAtCommands
        || recorder.waitingCount >= recorder.bufferLimit / 2
    else { return }
    recorder.flush()
  }

  /// The command lines that sent an action, oldest first.
  func changingLines(_ marks: Marks) -> [Mark] {
    marks.done.suffix(Self.undoLimit).filter { $0.state != nil }
  }
}

/// Records the inputs a reducer reads.
private struct RecordingTap<Action: Codable & Sendable, State: Codable & Sendable>: InputTap {
  @usableFromInline let recorder: Recorder<Action, State>

  func input<Value: Codable & Sendable>(
    _ name: String, _ make: @escaping @Sendable () -> Value,
    otherwise _: @escaping @Sendable () -> Value
  ) -> @Sendable () -> Value {
    recorder.recordingInputs(named: name, of: make)
  }
}
