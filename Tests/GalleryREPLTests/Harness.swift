import ActomatonTesting
import AppRoot
import AuthClient
import Foundation
import GitHubClient
import GitHubSearchFeature
import TestSupport
import TodoStorage

@testable import ActomatonREPL
@testable import GalleryApp

/// Runs scripts through the engine on a test clock, recording a transcript.
struct Harness {
  let clock = TestClock()
  let console: BufferConsole
  let engine: Engine
  /// The loop's messages of what effects changed (at a terminal).
  let changes: Locked<[Engine.Change]>

  init(
    todo: TodoStorage = .inMemory(), interactive: Bool = false, usesColor: Bool = false,
    recording: SessionRecording? = nil
  ) {
    self.init(
      todoOnClock: { _ in todo }, interactive: interactive, usesColor: usesColor,
      recording: recording)
  }

  /// With the Todo storage made on the harness's clock (a load that takes time).
  init(
    todoOnClock makeStorage: (TestClock) -> TodoStorage, interactive: Bool = false,
    usesColor: Bool = false, recording: SessionRecording? = nil
  ) {
    let clock = self.clock
    console = BufferConsole(isInteractive: interactive, usesColor: usesColor)
    var environment = Self.environment(clock: clock)
    environment.todo.storage = makeStorage(clock)
    engine = Self.engine(environment, clock: clock, console: console, recording: recording)
    let changes = Locked<[Engine.Change]>([])
    engine.deliverChanges { change in changes.withLock { $0.append(change) } }
    self.changes = changes
  }

  /// Takes in the changes effects made since the last command, as the loop does at the prompt.
  func takeChanges() {
    for change in changes.withLock({ $0 }) { engine.take(change) }
    changes.withLock { $0 = [] }
  }

  /// The home screen's list, as the registry gives it: a test needs no edit for a new screen.
  static var screenList: String {
    (["screens:"] + Screen.all.map { "  " + $0.name.padding(to: 10) + $0.summary })
      .joined(separator: "\n")
  }

  /// The app's environment on `clock` as a session uses it: the simulated auth server, the
  /// Todo list in memory and the offline GitHub fixture.
  static func environment(clock: TestClock) -> Root.Environment {
    var environment = Root.Environment.test(clock: clock)
    environment.stateDiagram.auth = .simulated(clock: clock, latency: .milliseconds(800))
    environment.todo.storage = .inMemory()
    environment.gitHubSearch.client = .fixture
    return environment
  }

  /// An engine on `clock`, whose `wait` advances the clock by its limit.
  static func engine(
    _ environment: Root.Environment, clock: TestClock, console: any Console,
    recording: SessionRecording? = nil
  ) -> Engine {
    Engine(
      environment: environment, console: console,
      waiter: Waiter(executor: clock.executor, advancing: { await clock.advance(by: $0) }),
      clock: clock, executor: clock.executor, recording: recording ?? SessionRecording(clock: clock)
    )
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

// NOTE: the shell's generic types at the gallery, by the names these tests use.
typealias Engine = ActomatonREPL.Engine<Gallery>
typealias Screen = ActomatonREPL.Screen<Gallery>
typealias SessionRecording = ActomatonREPL.SessionRecording<Gallery>
typealias Replayer = ActomatonREPL.Replayer<Gallery>
typealias LineReader = ActomatonREPL.LineReader<Gallery>
typealias GlobalCommands = ActomatonREPL.GlobalCommands<Gallery>

extension ActomatonREPL.Screen where Host == Gallery {
  /// The screen of the root's state that this screen opens.
  var initial: Root.State.Screen {
    guard case let .changeCurrent(screen?) = open else { preconditionFailure("\(name) opens none") }
    return screen
  }
}
