import Actomaton
import AppRoot
import Foundation
import GalleryREPL
import GitHubSearchFeature
import TodoStorage

enum AppWorkloads {
  /// The app's own environment, offline, with the Todo list in memory.
  static func environment() -> Root.Environment {
    var environment = Root.Environment.live(
      dataDirectory: nil, offline: true, processEnvironment: [:])
    environment.todo.storage = .inMemory()
    return environment
  }

  /// W6: a counter action sent through the root reducer (five features over case paths).
  static func w6RootSend(n: Int, repetitions: Int) async -> Sample {
    let actomaton = Actomaton(
      state: Root.State(current: .counter(.init())), reducer: Root.reducer,
      environment: environment())
    return await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await actomaton.send(.counter(.increment)) }
    }
  }

  /// W7: the REPL engine running a script of counter and todo commands into a null sink. The
  /// end of input (which waits for the pending Todo save) is not timed.
  static func w7Engine(lines n: Int, repetitions: Int) async -> Sample {
    let cycle = [
      "counter", "+", "+", "-", "set 7", "state", "todo", "add buy milk", "toggle 1",
      "edit 1 buy oat milk", "filter active", "filter all", "list", "delete 1", "tgogle 1",
    ]
    let script = (0..<n).map { cycle[$0 % cycle.count] }
    var engines: [Engine] = []
    let sample = await measure(n: n, repetitions: repetitions) {
      let engine = Engine(environment: environment(), console: BufferConsole(keeps: false))
      for line in script { await engine.execute(line) }
      engines.append(engine)
    }
    for engine in engines { await engine.finish() }
    return sample
  }
}
