import AppRoot
import Foundation

/// What a screen's feature environment is made from: the live app's options, or nothing but a
/// clock (a replay, a test), where every client refuses.
public struct Surroundings: Sendable {
  public let clock: any Clock<Duration>
  /// The live app's options; `nil` in a replay or a test.
  public let live: Live?

  public struct Live: Sendable {
    public let dataDirectory: URL?
    public let offline: Bool
    public let processEnvironment: [String: String]
  }
}

/// Reads a reducer's inputs from outside (ids, wall clocks) through the session's recording:
/// records them in the live app, replays them in a replay.
protocol InputTap: Sendable {
  /// `make` as recorded or replayed under `name`; `otherwise` answers a replay past the
  /// recorded values.
  func input<Value: Codable & Sendable>(
    _ name: String, _ make: @escaping @Sendable () -> Value,
    otherwise: @escaping @Sendable () -> Value
  ) -> @Sendable () -> Value
}

/// How a screen provides its feature's environment, and which of its inputs are recorded.
struct ScreenEnvironment: Sendable {
  let provide: @Sendable (inout Root.Environment, Surroundings) -> Void
  let tapInputs: @Sendable (inout Root.Environment, any InputTap) -> Void

  init<Feature: Sendable>(
    _ make: @escaping @Sendable (Surroundings) -> Feature,
    inputs: @escaping @Sendable (inout Feature, any InputTap) -> Void = { _, _ in }
  ) {
    provide = { environment, surroundings in environment[Feature.self] = make(surroundings) }
    tapInputs = { environment, tap in inputs(&environment[Feature.self], tap) }
  }
}

extension Screen {
  /// The app's environment: each registered screen's feature environment.
  static func environment(_ surroundings: Surroundings) -> Root.Environment {
    var environment = Root.Environment()
    for screen in all { screen.environment?.provide(&environment, surroundings) }
    return environment
  }

  /// `environment`, with the inputs each screen's reducer reads recorded or replayed by `tap`.
  static func tapping(_ environment: Root.Environment, _ tap: any InputTap) -> Root.Environment {
    var environment = environment
    for screen in all { screen.environment?.tapInputs(&environment, tap) }
    return environment
  }
}

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
    Screen.environment(
      Surroundings(
        clock: ContinuousClock(),
        live: .init(
          dataDirectory: dataDirectory, offline: offline, processEnvironment: processEnvironment)))
  }

  /// Every screen's environment on `clock`, its clients refusing every call: for tests, which
  /// set what their scenario uses.
  public static func inert(clock: any Clock<Duration>) -> Root.Environment {
    Screen.environment(Surroundings(clock: clock, live: nil))
  }
}
