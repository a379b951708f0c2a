import ActomatonRecording
import Foundation
import OutsideText

/// `--replay FILE`: a recorded session run again through the host's reducer, with no network,
/// clock or file, each command printed with the screen after it.
public enum Replayer<Host: ShellHost> {
  /// The most a recording may hold; past it the file is refused (a tampered one can be endless).
  static var maxBytes: Int { 256 << 20 }

  struct ReadProblem: Error { let reason: String }

  /// The file's bytes, read as a stream, so a pipe or `/dev/stdin` replays too; the system's
  /// reason when it cannot be read ("Is a directory"), or that it is too large.
  static func read(_ url: URL) -> Result<Data, ReadProblem> {
    let descriptor = url.path.withPathCString { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return .failure(ReadProblem(reason: systemReason())) }
    defer { close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .failure(ReadProblem(reason: systemReason())) }
      if count == 0 { return .success(data) }
      data.append(contentsOf: chunk[..<count])
      guard data.count <= maxBytes else {
        return .failure(ReadProblem(reason: "it holds more than 256 MiB, the most a recording may"))
      }
    }
  }

  private static func systemReason() -> String { String(cString: strerror(errno)) }

  /// Replays the recording at `url`; the exit status: 0 when every checkpoint matched, 1 on a
  /// divergence or a damaged line, 2 when the file is not a recording of this app.
  public static func run(_ url: URL, console: any Console) -> Int32 {
    let recording: Recording<Host.Action, Host.State>
    let data: Data
    switch read(url) {
    case let .success(read): data = read
    case let .failure(problem): return refuse("cannot read \(url.path): \(problem.reason)", console)
    }
    do throws(RecordingError) {
      recording = try Recording(jsonLines: data)
    } catch {
      return refuse("\(url.path): \(error)", console)
    }
    // NOTE: the shell writes a command line of at most `Engine.maxLineLength` bytes as a note;
    // a longer one was made by hand, and would flood the terminal.
    let maxLineLength = Engine<Host>.maxLineLength
    if let long = recording.notes.first(where: { $0.text.utf8.count > maxLineLength }) {
      return refuse(
        "\(url.path): the note before entry \(long.before) is \(long.text.utf8.count) bytes long, "
          + "but a command line is at most \(maxLineLength) bytes; nothing was replayed",
        console, status: 1)
    }
    var notes = recording.notes[...]
    var last = recording.startIndex - 1
    let end = recording.startIndex + recording.entries.count
    /// Prints the notes up to the entry at `index`, each but the last without its screen; a
    /// line that only showed something (`state`, `help`) with what it showed, in `state`.
    let globals = GlobalCommands<Host>()
    func printLines(before index: Int, in state: Host.State) {
      while let note = notes.first, note.before <= index {
        // NOTE: a command line has no line break; one in a note (a crafted file) is shown,
        // so it cannot print a command line of its own.
        let line = note.text.terminalSafe(keepingLineBreaks: false)
        console.print(note.text == SessionRecording<Host>.endOfInput ? line : "> \(line)")
        notes.removeFirst()
        // NOTE: only for a line no entry followed: after one that sent actions (a reload
        // before the todo list is shown), the screen after them is shown instead.
        let entriesFollow = notes.first.map { $0.before > note.before } ?? (note.before < end)
        if !entriesFollow, let shown = Views.output(of: note.text, in: state, globals) {
          print(shown, console)
        }
      }
    }
    printLines(before: recording.startIndex, in: recording.initialState)
    let outcome = recording.replay(
      through: Host.reducer, environment: environment(recording)
    ) { entry, state in
      last = entry.index
      // NOTE: the screen as the session showed it: after the command's own actions, before
      // the next command or an effect's result.
      let next = entry.index + 1
      guard
        notes.first.map({ $0.before == next })
          ?? (next == end)
      else { return }
      show(state, console)
      printLines(before: next, in: state)
    }
    if last < recording.startIndex { show(outcome.state, console) }
    if let divergence = outcome.divergence {
      return refuse("the replay diverged: \(divergence)", console, status: 1)
    }
    if let damage = outcome.damage {
      return refuse(
        "\(url.path) is damaged at \(damage); nothing after it was replayed", console, status: 1)
    }
    let lost = recording.lost.map { $0 == 0 ? "" : "; \($0) entries were lost while recording" }
    console.print(
      "replayed \(outcome.replayed) action(s); \(outcome.checkpointsPassed) checkpoint(s) matched"
        + (lost ?? "; the recording has no end (the session did not close it)"))
    return 0
  }

  /// The screen shown in `state`, as the REPL renders it.
  private static func show(_ state: Host.State, _ console: any Console) {
    guard let rendered = Screen<Host>.shown(in: state)?.render(state) else { return }
    print(rendered, console)
  }

  private static func print(_ rendered: Rendered, _ console: any Console) {
    console.print(rendered.lines)
    if let problem = rendered.problem { console.print(problem.lines) }
    if let question = rendered.questionLine { console.print([question]) }
  }

  private static func refuse(_ message: String, _ console: any Console, status: Int32 = 2) -> Int32
  {
    console.write(console.styled("error: ", .red) + message.terminalSafe + "\n")
    return status
  }

  /// An environment that runs no effect: every client refuses, and what the reducers read from
  /// it (ids, clocks) comes from the recording.
  public static func environment(_ recording: Recording<Host.Action, Host.State>)
    -> Host.Environment
  {
    Host.tapping(Host.inert(clock: ContinuousClock()), ReplayTap(recording: recording))
  }
}

/// Replays the inputs a reducer reads, as recorded.
private struct ReplayTap<Action: Codable & Sendable, State: Codable & Equatable & Sendable>:
  InputTap
{
  let recording: Recording<Action, State>

  func input<Value: Codable & Sendable>(
    _ name: String, _: @escaping @Sendable () -> Value,
    otherwise: @escaping @Sendable () -> Value
  ) -> @Sendable () -> Value {
    recording.replayedInputs(named: name, otherwise: otherwise)
  }
}
