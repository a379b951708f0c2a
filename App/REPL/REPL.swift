import Actomaton
@preconcurrency import Dispatch
import Foundation
import LineEditor
import ShellProcess

/// The shell's loop: standard input, the prompt, Ctrl-C.
public enum REPL<Host: ShellHost> {
  @usableFromInline enum Input: Sendable {
    case line(String)
    case interrupt
    /// SIGTERM, SIGHUP, SIGQUIT, or a crash signal sent with `kill`: save and exit with 128 +
    /// the signal's number.
    case terminate(Int32)
    /// A line from a pipe passed `Engine.maxLineLength` bytes; the rest of it is skipped.
    case overlongLine
    /// What an effect changed, while the person is at the prompt.
    case change(Engine<Host>.Change)
  }

  /// Reads commands until `quit` or the end of input; returns the exit status.
  ///
  /// - Parameters:
  ///   - engine: The engine the lines run on.
  ///   - console: Where the prompt and the output go.
  ///   - options: The command line (`--screen`, `--no-history`, `--strict`).
  ///   - environment: The process environment (`XDG_STATE_HOME` and `HOME` locate the line
  ///     history).
  @inlinable public static func run(
    engine: Engine<Host>, console: any Console, options: Options,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> Int32 {
    let (inputs, continuation) = AsyncStream<Input>.makeStream()
    let waiter = engine.waiter
    let terminating = Locked<Int32?>(nil)
    let interrupt: @Sendable () -> Void = {
      waiter.signal()
      continuation.yield(.interrupt)
    }
    ProcessSignals.install { signal in
      guard signal != SIGINT else { return interrupt() }
      waiter.signal()
      // NOTE: kept aside too: SIGHUP may also end the terminal's input first.
      terminating.withLock { $0 = $0 ?? signal }
      continuation.yield(.terminate(signal))
    }
    // NOTE: the terminal's handlers first, the crash report's over them: the report's handler
    // is the first to see a crash signal, while its sender is still known (see CrashReport).
    RawMode.installHandlers()
    CrashReport.install(reportURL: engine.recording.reportURL, program: Host.name)
    let editor = LineReader.editor(
      for: console, engine: engine, options: options, environment: environment)
    let reader = LineReader<Host>(
      console: console, editor: editor, inputs: continuation, interrupt: interrupt)
    engine.deliverChanges { continuation.yield(.change($0)) }
    await engine.start(screen: options.screen)
    engine.recording.lineDone()
    var interruptedOnce = false
    reader.prompt(engine.prompt)
    for await input in inputs {
      switch input {
      case let .change(change):
        // NOTE: the one place a notice is printed: between commands, by the loop.
        engine.take(change)
        continue
      case let .line(line):
        interruptedOnce = false
        guard await engine.execute(line) else { return await end(engine, options, terminating) }
      case .overlongLine:
        interruptedOnce = false
        engine.refuseOverlongLine()
      case .terminate:
        // NOTE: the signal is in `terminating`, kept there before it was handed on.
        waiter.handled()
        return await end(engine, options, terminating)
      case .interrupt:
        waiter.handled()
        if interruptedOnce {
          console.write("\n")
          return await end(engine, options, terminating)
        }
        interruptedOnce = true
        console.write("\n")
        let wasAsking = engine.isAsking
        let stopped = await engine.interrupt()
        let what =
          wasAsking ? "cancelled" : stopped ? "stopped the screen's work" : "nothing to stop"
        console.write("(\(what); press Ctrl-C again or Ctrl-D to quit)\n")
      }
      engine.recording.lineDone()
      reader.prompt(engine.prompt)
    }
    if console.isInteractive { console.write("\n") }
    return await end(engine, options, terminating)
  }

  /// Saves what is pending; the exit status: 128 + the number of the first signal that ends the
  /// program received before this returns (`terminating`, or `RawMode`'s), as shells expect.
  @inlinable static func end(
    _ engine: Engine<Host>, _ options: Options, _ terminating: Locked<Int32?>
  ) async -> Int32 {
    // NOTE: whichever way the loop ended: a signal's handler leaves raw mode for good, the key
    // reader's next `enter` fails and ends the input, which may end the loop before the signal
    // has reached `terminating` (the process exited with 0 after SIGTERM); a signal may also
    // come during the save.
    let received = { terminating.withLock { $0 } ?? RawMode.endingSignal }
    await engine.finish(waitsForEffects: received() == nil)
    if let signal = received() { return 128 + signal }
    return options.strict && engine.failures > 0 ? 1 : 0
  }
}
