import AppRoot

/// A screen of the REPL: its commands, how it shows its state, and what it says when an effect
/// changes it.
struct Screen: Sendable {
  let name: String
  let summary: String
  let initial: @Sendable () -> Root.State.Current
  let commands: [Command]
  /// The lines shown after each command.
  let render: @Sendable (Root.State.Current) -> [String]
  /// A one-line notice for a change that an effect made, or `nil` to stay quiet (ticks).
  let notice: @Sendable (Root.Action, Root.State.Current) -> String?
  /// What Ctrl-C sends to stop the work in flight and leave the screen consistent, or `nil`
  /// when there is nothing to stop (a Todo save is never interrupted).
  var interrupt: @Sendable (Root.State.Current) -> Root.Action? = { _ in nil }

  func command(named name: String) -> Command? {
    commands.first { $0.name == name }
  }

  static let all: [Screen] = [.counter, .stopwatch, .stateDiagram, .todo, .gitHubSearch]

  static func named(_ name: String) -> Screen? {
    all.first { $0.name == name }
  }

  static func of(_ current: Root.State.Current) -> Screen {
    named(current.screenName)!
  }

  /// The lines every screen ends with, marked `! `: what failed, then what was refused.
  static func problemLines(
    failure: (any CustomStringConvertible)? = nil, refusal: String?
  ) -> [String] {
    [failure.map { "! \($0)" }, refusal.map { "! \($0)" }].compactMap { $0 }
  }
}
