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
  ///   - processEnvironment: `GITHUB_TOKEN`, `GH_TOKEN` and `GITHUB_API_URL` are read from it.
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
        storage: .live(directory: dataDirectory.map { $0 }), clock: clock),
      gitHubSearch: GitHubSearch.Environment(client: gitHubClient, clock: clock))
  }
}
