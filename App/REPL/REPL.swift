@preconcurrency import Dispatch
import Foundation

/// The loop of the `gallery` executable: standard input, the prompt, Ctrl-C.
public enum REPL {
  enum Input: Sendable {
    case line(String)
    case interrupt
  }

  /// Reads commands until `quit` or the end of input; returns the exit status.
  ///
  /// - Parameter environment: The process environment (`XDG_STATE_HOME` and `HOME` locate the
  ///   line history).
  public static func run(
    engine: Engine, console: any Console, options: Options,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> Int32 {
    let (inputs, continuation) = AsyncStream<Input>.makeStream()
    let editor = LineReader.editor(
      for: console, engine: engine, options: options, environment: environment)
    let reader = LineReader(console: console, editor: editor, inputs: continuation)
    InterruptSignal.install { continuation.yield(.interrupt) }
    await engine.start(screen: options.screen)
    var interruptedOnce = false
    reader.prompt(engine.prompt)
    for await input in inputs {
      switch input {
      case let .line(line):
        interruptedOnce = false
        guard await engine.execute(line) else { return await end(engine, options) }
      case .interrupt:
        if interruptedOnce {
          console.write("\n")
          return await end(engine, options)
        }
        interruptedOnce = true
        console.write("\n")
        let wasAsking = engine.isAsking
        let stopped = await engine.interrupt()
        let what =
          wasAsking ? "cancelled" : stopped ? "stopped the screen's work" : "nothing to stop"
        console.write("(\(what); press Ctrl-C again or Ctrl-D to quit)\n")
      }
      reader.prompt(engine.prompt)
    }
    if console.isInteractive { console.write("\n") }
    return await end(engine, options)
  }

  private static func end(_ engine: Engine, _ options: Options) async -> Int32 {
    await engine.finish()
    return options.strict && engine.failures > 0 ? 1 : 0
  }
}
