import ActomatonTesting
import AppRoot
import AuthClient
import Foundation
import GalleryREPL
import GitHubClient
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
    engine = Self.engine(
      Self.environment(clock: clock, todo: todo, github: github), clock: clock, console: console)
  }

  /// The app's environment on `clock`: Todo ids count up from `ids` (`…000000000001`, `…02`).
  static func environment(
    clock: TestClock, todo: TodoStorage = .inMemory(), github: GitHubClient = .fixture,
    ids: Locked<Int> = Locked(0)
  ) -> Root.Environment {
    return Root.Environment(
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
      gitHubSearch: .init(client: github, clock: clock, now: { Date(timeIntervalSince1970: 0) }))
  }

  /// An engine on `clock`, whose `wait` advances the clock by its limit.
  static func engine(
    _ environment: Root.Environment, clock: TestClock, console: any Console
  ) -> Engine {
    Engine(
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
