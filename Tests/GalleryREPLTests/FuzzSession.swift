import ActomatonTesting
import AppRoot
import ClientSupport
import Foundation
import StateDiagramFeature
import TestSupport
import TodoStorage

@testable import ActomatonREPL
@testable import GalleryApp

/// A console that keeps what was written since it was last emptied.
final class LineConsole: Console {
  let isInteractive = false
  let usesColor = false
  private let pending = Locked("")

  func write(_ text: String) { pending.withLock { $0 += text } }

  /// What was written since the last call.
  func take() -> String {
    pending.withLock { text in
      defer { text = "" }
      return text
    }
  }
}

/// An engine driven as the harness drives it (a test clock, in-memory Todo storage, the offline
/// GitHub fixture) that checks every line's answer and the app's invariants.
final class FuzzSession {
  let clock = TestClock()
  let console = LineConsole()
  let storage = TodoStorage.inMemory()
  /// Todo ids go on counting over restarts, as random UUIDs would stay unique.
  private let makeID = UUID.incrementing()
  private(set) var engine: Engine
  private(set) var restarts = 0

  init() {
    engine = Harness.engine(
      Self.environment(clock, storage, makeID), clock: clock, console: console)
  }

  /// The harness's environment on the session's clock, storage and id generator.
  private static func environment(
    _ clock: TestClock, _ storage: TodoStorage, _ makeID: @escaping @Sendable () -> UUID
  ) -> Root.Environment {
    var environment = Harness.environment(clock: clock)
    environment.todo.storage = storage
    environment.todo.makeID = makeID
    return environment
  }

  /// Runs `line`; returns what went wrong (nothing, if all is well) and what the line printed.
  func run(_ line: FuzzLine) async -> (problems: [String], output: String) {
    let screen = engine.current?.name
    let failuresBefore = engine.failures
    // NOTE: while the screen asks a question, any line but one too long is its answer.
    let isAnswer = engine.isAsking && line.text.utf8.count <= Engine.maxLineLength
    let mustRefuse =
      !isAnswer && (line.isInvalid || FuzzOracle.mustRefuse(line.text, on: screen))
    let goesOn = await engine.execute(line.text)
    await clock.executor.settle()
    let output = console.take()

    var problems: [String] = []
    let trimmed =
      line.text.utf8.count <= Engine.maxLineLength ? line.text.trimmingWhitespace() : "-"
    let isQuit = !isAnswer && (trimmed == "quit" || trimmed == "exit")
    if goesOn == isQuit { problems.append(goesOn ? "did not quit" : "quit unasked") }
    if !trimmed.isEmpty || isAnswer, !isQuit, output.isEmpty { problems.append("no answer") }
    let lines = output.split(separator: "\n")
    let saysError = lines.contains { $0.hasPrefix("error: ") || $0.hasPrefix("! ") }
    if mustRefuse, !saysError { problems.append("no error message for an invalid line") }
    if mustRefuse, engine.failures == failuresBefore {
      problems.append("the failure was not counted")
    }
    if engine.failures > failuresBefore, !saysError {
      problems.append("a failure without a message")
    }
    if !goesOn { await restart() }
    return (problems, output)
  }

  /// Ends the session as the end of input does, and starts a new one on the same storage.
  func restart() async {
    await engine.finish()
    engine = Harness.engine(
      Self.environment(clock, storage, makeID), clock: clock, console: console)
    restarts += 1
  }

  /// The state's invariants, and what the generator needs to know of it.
  func check() async -> (problems: [String], context: FuzzContext) {
    let actomaton = engine.actomaton
    let state = await actomaton.state
    var problems: [String] = []
    var context = FuzzContext(screen: Screen.shown(in: state)?.name, isAsking: engine.isAsking)
    if context.screen != engine.current?.name {
      problems.append(
        "the engine shows \(engine.prompt) but the app is on \(context.screen ?? "home")")
    }
    switch state.screen {
    case .todo:
      let todo = state.todo
      if Set(todo.items.map(\.id)).count != todo.items.count { problems.append("todo ids repeat") }
      context.todoItems = todo.items.count
      context.visibleTodoItems = todo.visibleItems.count
    case let .stopwatch(stopwatch):
      if stopwatch.elapsed < .zero || stopwatch.accumulated < .zero {
        problems.append("negative time: \(stopwatch.elapsed), \(stopwatch.accumulated)")
      }
      if stopwatch.laps.contains(where: { $0.split < .zero }) { problems.append("a negative lap") }
      context.laps = stopwatch.laps.count
    case let .stateDiagram(login):
      if !StateDiagram.Phase.allCases.contains(login.phase) { problems.append("unknown phase") }
      let hasUser = login.userID != nil
      if (login.phase == .loggedOut && hasUser)
        || ([.loggingIn, .loggedIn].contains(login.phase) && !hasUser)
      {
        problems.append("\(login.phase) with user \(login.userID ?? "nil")")
      }
    case let .gitHubSearch(search):
      context.results = search.results.count
    default:
      break
    }
    let effects = await actomaton.effectCount
    if effects > 8 || clock.sleeperCount > 8 {
      problems.append("\(effects) effects, \(clock.sleeperCount) sleepers")
    }
    return (problems, context)
  }
}
