import Actomaton
@preconcurrency import Dispatch
import Foundation
import LineEditor
import OutsideText

/// Where the REPL's lines come from: standard input read as plain lines (a pipe, a file,
/// `TERM=dumb`), or the line editor at a terminal, with history and completion.
@usableFromInline final class LineReader<Host: ShellHost>: Sendable {
  private let editor: LineEditor?
  private let console: any Console
  private let requests = DispatchSemaphore(value: 0)
  /// The prompt of the line asked for, and whether one is asked for and not yet read: a
  /// prompt asked for while a line is read (a SIGINT from outside) does not ask for another.
  private let request = Locked((prompt: "", isPending: false))

  /// Starts reading on a thread of its own; lines go to `inputs`, Ctrl-C (at the prompt, or
  /// typed while a command runs) to `interrupt`.
  @usableFromInline init(
    console: any Console, editor: LineEditor?, inputs: AsyncStream<REPL<Host>.Input>.Continuation,
    interrupt: @escaping @Sendable () -> Void
  ) {
    self.console = console
    self.editor = editor
    if let editor {
      Thread { [requests, request] in
        while true {
          editor.readAhead(onInterrupt: interrupt)
          requests.wait()
          let result = editor.readLine(prompt: request.withLock { $0.prompt })
          request.withLock { $0.isPending = false }
          switch result {
          case let .line(line): inputs.yield(.line(line))
          case .interrupt: interrupt()
          case .overlong: inputs.yield(.overlongLine)
          case .endOfInput:
            inputs.finish()
            return
          }
        }
      }.start()
    } else {
      Thread {
        PlainLines.read(from: STDIN_FILENO, limit: Engine<Host>.maxLineLength) { line in
          inputs.yield(line.map { .line($0) } ?? .overlongLine)
        }
        inputs.finish()
      }.start()
    }
  }

  /// Asks for the next line at `prompt`: the editor shows the prompt and reads a line, plain
  /// input gets the prompt only at a terminal.
  @usableFromInline func prompt(_ prompt: String) {
    guard editor != nil else {
      if console.isInteractive { console.write(prompt) }
      return
    }
    let isNew = request.withLock { request in
      defer { request = (prompt, true) }
      return !request.isPending
    }
    if isNew {
      requests.signal()
      editor?.wake()
    }
  }

  /// The line editor for `console` when it is a terminal that understands escape sequences,
  /// with the history of `$XDG_STATE_HOME/NAME/history` unless `--no-history`; a history
  /// that cannot be kept is said once, on standard error, and the editor goes on without it.
  @usableFromInline static func editor(
    for console: any Console, engine: Engine<Host>, options: Options, environment: [String: String]
  ) -> LineEditor? {
    guard let console = console as? StandardConsole, console.usesLineEditor else { return nil }
    var history = History()
    var historyChanged: @Sendable ([String]) -> Void = { _ in }
    if !options.noHistory {
      do throws(HistoryFileError) {
        let file = HistoryFile(
          url: try historyURL(environment), maxLineBytes: Engine<Host>.maxLineLength)
        try file.prepare()
        let cut: HistoryFile.Cut
        (history, cut) = file.read()
        if let note = file.describe(cut) { say(note) }
        historyChanged = keeping(in: file, onFirstError: warn)
      } catch {
        warn(error)
      }
    }
    let editor = LineEditor(
      history: history, complete: engine.completion, historyChanged: historyChanged,
      maxLineBytes: Engine<Host>.maxLineLength)
    console.attach(editor)
    return editor
  }

  /// `$XDG_STATE_HOME/NAME/history`, else `~/.local/state/NAME/history` (NAME the host's).
  static func historyURL(_ environment: [String: String]) throws(HistoryFileError) -> URL {
    try Host.stateFile("history", environment)
  }

  /// What the editor calls with its history after each line it gained: the line is appended to
  /// `file`, so another session's lines, appended meanwhile, stay beside it.
  static func keeping(
    in file: HistoryFile, onFirstError: @escaping @Sendable (HistoryFileError) -> Void
  ) -> @Sendable ([String]) -> Void {
    let warned = Locked(false)
    return { entries in
      guard let line = entries.last else { return }
      do throws(HistoryFileError) {
        try file.append(line)
      } catch {
        let isFirst = warned.withLock { value in
          defer { value = true }
          return !value
        }
        if isFirst { onFirstError(error) }
      }
    }
  }

  private static func warn(_ error: HistoryFileError) { say("no line history: \(error)") }

  private static func say(_ note: String) {
    FileHandle.standardError.write(Data(("\(Host.name): \(note)".terminalSafe + "\n").utf8))
  }
}
