import ActomatonREPL
import ActomatonTesting
import AppRoot
import AuthClient
import Foundation
import GalleryApp
import GitHubClient
import GitHubSearchFeature
import StateDiagramFeature
import StopwatchFeature
import TodoFeature
import TodoStorage

// NOTE: every client is `.unimplemented` and every clock is the test's: a suite overrides the
// single fields its scenario uses (`environment.todo.storage = .inMemory()`), and a call it did
// not expect fails the test by name.

extension Root.Environment {
  /// The whole app's environment on `clock`: every screen's, inert, then each feature's `.test`.
  public static func test(clock: TestClock) -> Root.Environment {
    var environment = Root.Environment.inert(clock: clock)
    environment.stopwatch = .test(clock: clock)
    environment.stateDiagram = .test()
    environment.todo = .test(clock: clock)
    environment.gitHubSearch = .test(clock: clock)
    return environment
  }

  // NOTE: shorthands for the suites' scenarios; a new screen needs none.
  public var stopwatch: Stopwatch.Environment {
    get { self[Stopwatch.Environment.self] }
    set { self[Stopwatch.Environment.self] = newValue }
  }
  public var stateDiagram: StateDiagram.Environment {
    get { self[StateDiagram.Environment.self] }
    set { self[StateDiagram.Environment.self] = newValue }
  }
  public var todo: Todo.Environment {
    get { self[Todo.Environment.self] }
    set { self[Todo.Environment.self] = newValue }
  }
  public var gitHubSearch: GitHubSearch.Environment {
    get { self[GitHubSearch.Environment.self] }
    set { self[GitHubSearch.Environment.self] = newValue }
  }
}

extension Stopwatch.Environment {
  /// Ticks every 100 ms of `clock`.
  public static func test(clock: TestClock) -> Stopwatch.Environment {
    Stopwatch.Environment(clock: clock, tickInterval: .milliseconds(100))
  }
}

extension StateDiagram.Environment {
  /// An unimplemented auth client.
  public static func test() -> StateDiagram.Environment {
    StateDiagram.Environment(auth: .unimplemented)
  }
}

extension Todo.Environment {
  /// Unimplemented storage, saves 500 ms of `clock` after a change, ids counting from 1.
  public static func test(clock: TestClock) -> Todo.Environment {
    Todo.Environment(
      storage: .unimplemented, clock: clock, saveDelay: .milliseconds(500),
      makeID: UUID.incrementing())
  }
}

extension GitHubSearch.Environment {
  /// An unimplemented client, the default debounce and page size on `clock`, and a wall clock
  /// stopped at the epoch.
  public static func test(clock: TestClock) -> GitHubSearch.Environment {
    GitHubSearch.Environment(
      client: .unimplemented, clock: clock, now: { Date(timeIntervalSince1970: 0) })
  }
}
