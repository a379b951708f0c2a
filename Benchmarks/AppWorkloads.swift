import Actomaton
import ActomatonREPL
import AppRoot
import CounterFeature
import Foundation
import GalleryApp
import GitHubSearchFeature
import TodoFeature
import TodoStorage

enum AppWorkloads {
  /// The app's own environment, offline, with the Todo list in memory.
  static func environment() -> Root.Environment {
    var environment = Root.Environment.live(
      dataDirectory: nil, offline: true, processEnvironment: [:])
    environment[Todo.Environment.self].storage = .inMemory()
    return environment
  }

  /// W6: a counter action sent through the root reducer (five features over case paths).
  static func w6RootSend(n: Int, repetitions: Int) async -> Sample {
    let actomaton = Actomaton(
      state: Root.State(screen: .counter(.init())), reducer: Root.reducer,
      environment: environment())
    return await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await actomaton.send(.counter(.increment)) }
    }
  }

  /// W7: the REPL engine running a script of counter and todo commands into a null sink. The
  /// end of input (which waits for the pending Todo save) is not timed. `executor`: where the
  /// engine, its actomaton and their effects run (the gallery uses an event loop); `nil` for the
  /// global pool. `script`: other lines than W7's.
  static func w7Engine(
    lines n: Int, repetitions: Int, executor: (any TaskExecutor)? = nil, script: [String]? = nil
  ) async -> Sample {
    let script = script ?? (0..<n).map { cycle[$0 % cycle.count].line }
    return await withTaskExecutorPreference(executor) {
      var engines: [Engine<Gallery>] = []
      let sample = await measure(n: n, repetitions: repetitions) {
        let engine = Engine<Gallery>(
          environment: environment(), console: BufferConsole(keeps: false), executor: executor)
        for line in script { await engine.execute(line) }
        engines.append(engine)
      }
      for engine in engines { await engine.finish() }
      return sample
    }
  }

  /// W7's floor: the actions the same script's lines send, sent straight to a root actomaton
  /// (opening a screen waits for its load, as the engine does); per line, so the ratio is the
  /// engine's own cost: parsing, rendering, printing.
  static func w7Actions(
    lines n: Int, repetitions: Int, executor: (any TaskExecutor)? = nil
  ) async -> Sample {
    let script = (0..<n).map { cycle[$0 % cycle.count].action }
    return await withTaskExecutorPreference(executor) {
      var actomatons: [Actomaton<Root.Action, Root.State>] = []
      let sample = await measure(n: n, repetitions: repetitions) {
        let actomaton = Actomaton(
          state: Root.State(), reducer: Root.reducer, environment: environment(),
          executor: executor)
        for action in script {
          guard let action else { continue }
          let task = await actomaton.send(action, tracksFeedbacks: true)
          if case .changeCurrent = action { try? await task?.value }
        }
        actomatons.append(actomaton)
      }
      for actomaton in actomatons { try? await actomaton.send(.changeCurrent(nil))?.value }
      return sample
    }
  }

  /// W7's script: each line and the action it sends (`nil` for a view, or a typo).
  static let cycle: [(line: String, action: Root.Action?)] = [
    ("counter", .changeCurrent(.counter(Counter.State()))),
    ("+", .counter(.increment)), ("+", .counter(.increment)), ("-", .counter(.decrement)),
    ("set 7", .counter(.set(7))), ("state", nil), ("todo", .changeCurrent(.todo)),
    ("add buy milk", .todo(.add("buy milk"))), ("toggle 1", .todo(.toggle(position: 1))),
    ("edit 1 buy oat milk", .todo(.edit(position: 1, text: "buy oat milk"))),
    ("filter active", .todo(.setFilter(.active))), ("filter all", .todo(.setFilter(.all))),
    ("list", nil), ("delete 1", .todo(.delete(position: 1))), ("tgogle 1", nil),
  ]
}
