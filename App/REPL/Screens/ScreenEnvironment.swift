import Foundation

/// What a screen's feature environment is made from: the live program's options, or nothing but
/// a clock (a replay, a test), where every client refuses.
public struct Surroundings<Host: ShellHost>: Sendable {
  public let clock: any Clock<Duration>
  /// The live program's options; `nil` in a replay or a test.
  public let live: Live?

  public struct Live: Sendable {
    public let options: Options
    public let processEnvironment: [String: String]

    public init(options: Options, processEnvironment: [String: String]) {
      (self.options, self.processEnvironment) = (options, processEnvironment)
    }

    /// The host option `name`'s value (`--greeting TEXT`); `nil` when it was not given.
    public func value(_ name: String) -> String? { options.hostValues[name] }

    /// The host option `name`'s value as a path (`--data-dir DIR`), a leading `~` expanded.
    public func path(_ name: String) -> URL? {
      value(name).map {
        URL(fileURLWithPath: Options.expandingHome($0, environment: processEnvironment))
      }
    }

    /// Whether the host's switch `name` (`--offline`) was given.
    public func isOn(_ name: String) -> Bool { options.hostValues[name] != nil }
  }

  public init(clock: any Clock<Duration>, live: Live?) {
    (self.clock, self.live) = (clock, live)
  }
}

/// Reads a reducer's inputs from outside (ids, wall clocks) through the session's recording:
/// records them in the live program, replays them in a replay.
public protocol InputTap: Sendable {
  /// `make` as recorded or replayed under `name`; `otherwise` answers a replay past the
  /// recorded values.
  func input<Value: Codable & Sendable>(
    _ name: String, _ make: @escaping @Sendable () -> Value,
    otherwise: @escaping @Sendable () -> Value
  ) -> @Sendable () -> Value
}

/// How a screen provides its feature's environment, and which of its inputs are recorded.
public struct ScreenEnvironment<Host: ShellHost>: Sendable {
  let provide: @Sendable (inout Host.Environment, Surroundings<Host>) -> Void
  let tapInputs: @Sendable (inout Host.Environment, any InputTap) -> Void

  /// - Parameters:
  ///   - provide: Puts the feature's environment into the host's.
  ///   - tapInputs: Passes what the feature's reducer reads from outside through the tap.
  public init(
    provide: @escaping @Sendable (inout Host.Environment, Surroundings<Host>) -> Void,
    tapInputs: @escaping @Sendable (inout Host.Environment, any InputTap) -> Void = { _, _ in }
  ) {
    (self.provide, self.tapInputs) = (provide, tapInputs)
  }
}
