import ActomatonTesting
import AppRoot
import AuthClient
import GitHubClient
import GitHubSearchFeature
import StateDiagramFeature
import TodoStorage

/// An object that every closure of a tracked environment holds: it stays alive as long as any
/// copy of the environment does, in the actomaton's reducer or in an effect's task.
final class Tracker: Sendable {}

extension Harness {
  /// The harness's environment with `tracker` captured in every closure (the Todo `makeID`,
  /// storage and timer, the auth client, the GitHub client and debounce, the stopwatch's clock).
  static func trackedEnvironment(clock: TestClock, tracker: Tracker) -> Root.Environment {
    var environment = environment(clock: clock)
    let (stopwatch, auth) = (environment.stopwatch, environment.stateDiagram.auth)
    let (todo, gitHubSearch) = (environment.todo, environment.gitHubSearch)
    environment.stopwatch.now = { [tracker] in withExtendedLifetime(tracker) { stopwatch.now() } }
    environment.stopwatch.sleep = { [tracker] in
      _ = tracker
      try await stopwatch.sleep($0)
    }
    environment.stateDiagram.auth = AuthClient(
      login: { [tracker] userID throws(AuthError) in
        _ = tracker
        return try await auth.login(userID)
      },
      logout: { [tracker] () throws(AuthError) in
        _ = tracker
        return try await auth.logout()
      })
    environment.todo.makeID = { [tracker] in withExtendedLifetime(tracker) { todo.makeID() } }
    environment.todo.sleep = { [tracker] in
      _ = tracker
      try await todo.sleep($0)
    }
    environment.todo.storage = TodoStorage(
      load: { [tracker] () async throws(StorageError) in
        _ = tracker
        return try await todo.storage.load()
      },
      save: { [tracker] items async throws(StorageError) in
        _ = tracker
        try await todo.storage.save(items)
      })
    environment.gitHubSearch.client = GitHubClient { [tracker] query async throws(GitHubError) in
      _ = tracker
      return try await gitHubSearch.client.searchRepositories(query)
    }
    environment.gitHubSearch.sleep = { [tracker] in
      _ = tracker
      try await gitHubSearch.sleep($0)
    }
    environment.gitHubSearch.now = { [tracker] in
      withExtendedLifetime(tracker) { gitHubSearch.now() }
    }
    return environment
  }
}
