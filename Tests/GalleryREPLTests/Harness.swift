import ActomatonTesting
import AppRoot
import Foundation
import GalleryREPL
import GitHubSearchFeature
import TodoStorage

/// Runs scripts through the engine on a test clock, recording a transcript.
struct Harness {
  let clock = TestClock()
  let console: BufferConsole
  let engine: Engine

  init(
    todo: TodoStorage = .inMemory(), github: GitHubClient = .fixture, interactive: Bool = false
  ) {
    let clock = self.clock
    console = BufferConsole(isInteractive: interactive)
    let ids = Locked(0)
    let environment = Root.Environment(
      stopwatch: .init(clock: clock, tickInterval: .milliseconds(100)),
      stateDiagram: .init(auth: .simulated(clock: clock, latency: .milliseconds(800))),
      todo: .init(
        storage: todo, clock: clock, saveDelay: .milliseconds(500),
        makeID: {
          let n = ids.withLock { value in
            value += 1
            return value
          }
          return UUID(
            uuidString: "00000000-0000-0000-0000-\(String(1_000_000_000_000 + n).dropFirst())")!
        }),
      github: .init(client: github, clock: clock, now: { Date(timeIntervalSince1970: 0) }))
    engine = Engine(
      environment: environment, console: console,
      waiter: Waiter { _, limit in await clock.advance(by: limit) },
      clock: clock, executor: clock.executor)
  }

  /// Runs the script's lines as typed (each echoed after `> `), then (unless told otherwise) the
  /// end of input.
  func run(_ script: String, start: Bool = false, finish: Bool = true) async -> String {
    if start { await engine.start() }
    for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
      console.write("> \(line)\n")
      guard await engine.execute(String(line)) else { break }
    }
    if finish { await engine.finish() }
    return console.text
  }
}
