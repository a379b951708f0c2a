import Actomaton
import AuthClient
import Foundation
import GitHubClient
import GitHubClientLive
import GitHubSearchFeature
import StateDiagramFeature
import StopwatchFeature
import TodoFeature
import TodoStorage
import TodoStorageLive

extension Root.Environment {
  /// The environment of the real app: the system clock, the Todo file, GitHub (or its offline
  /// fixture) and the simulated auth server.
  ///
  /// - Parameters:
  ///   - dataDirectory: Where the Todo list lives; the XDG default when `nil`.
  ///   - offline: Search the bundled fixture instead of GitHub.
  ///   - processEnvironment: `GITHUB_TOKEN`, `GH_TOKEN`, `GITHUB_API_URL` and the XDG folders
  ///     are read from it.
  public static func live(
    dataDirectory: URL?, offline: Bool, processEnvironment: [String: String]
  ) -> Root.Environment {
    let clock = ContinuousClock()
    let gitHubClient =
      offline
      ? GitHubClient.fixture
      : GitHubClient.live(configuration: .fromEnvironment(processEnvironment))
    return Root.Environment(
      stopwatch: Stopwatch.Environment(clock: clock, tickInterval: .milliseconds(100)),
      stateDiagram: StateDiagram.Environment(auth: .simulated(clock: clock)),
      todo: Todo.Environment(
        storage: .live(
          directory: dataDirectory
            ?? TodoStorage.defaultDirectory(environment: processEnvironment)
        ).onItsOwnThread(), clock: clock),
      gitHubSearch: GitHubSearch.Environment(client: gitHubClient, clock: clock))
  }
}

extension Root.Environment {
  /// The todo list's file that ``live(dataDirectory:offline:processEnvironment:)`` uses.
  public static func todoFile(dataDirectory: URL?, processEnvironment: [String: String]) -> URL {
    (dataDirectory ?? TodoStorage.defaultDirectory(environment: processEnvironment))
      .appendingPathComponent(TodoStorage.fileName)
  }
}

extension TodoStorage {
  /// The thread the app's todo file is read and written on.
  private static let fileThread = EventLoopExecutor()

  /// The same storage, its calls run on a thread of their own.
  // NOTE: the app's effects run on one event loop with its REPL; the file's blocking calls (a
  // FIFO, a hung mount, a slow fsync) must not freeze every command and Ctrl-C with them.
  func onItsOwnThread() -> TodoStorage {
    let thread = Self.fileThread
    return TodoStorage(
      load: { () throws(StorageError) in
        try await withTaskExecutorPreference(thread) { () throws(StorageError) in
          try await load()
        }
      },
      write: { items, base throws(StorageError) in
        try await withTaskExecutorPreference(thread) { () throws(StorageError) in
          try await write(items, base)
        }
      },
      isChanged: { await withTaskExecutorPreference(thread) { await isChanged() } })
  }
}
