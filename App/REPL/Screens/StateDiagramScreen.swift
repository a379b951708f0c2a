import AppRoot
import StateDiagramFeature

extension Screen {
  static let stateDiagram = Screen(
    name: "login",
    summary: "the login flow as a state diagram",
    initial: { .stateDiagram(StateDiagram.State()) },
    commands: [
      Command("login", "[USER]", "log in (as 'guest' when no user is given)", example: "login ann")
      {
        arguments throws(CommandError) in
        .stateDiagram(.login(userID: arguments.text.isEmpty ? "guest" : arguments.text))
      },
      .simple("logout", "log out", .stateDiagram(.logout)),
      .simple(
        "force-logout", "log out at once, even while logging in", .stateDiagram(.forceLogout)),
      .view("diagram", "draw the state diagram, the current state marked") { current in
        guard case let .stateDiagram(state) = current else { return [] }
        return diagramLines(state.phase)
      },
    ],
    render: { current in
      guard case let .stateDiagram(state) = current else { return [] }
      let lines = ["state: \(state.phase.rawValue)" + userSuffix(state)]
      return lines + problemLines(failure: state.failure, refusal: state.refusal)
    },
    notice: { action, current in
      guard case .stateDiagram = action, case let .stateDiagram(state) = current else { return nil }
      return "login flow: now \(state.phase.rawValue)" + userSuffix(state)
        + (state.failure.map { " — \($0)" } ?? "")
    },
    interrupt: { current in
      // NOTE: a login in flight is cancelled the diagram's way, by force-logout; a logout in
      // flight is left to finish.
      guard case let .stateDiagram(state) = current, state.phase == .loggingIn else { return nil }
      return .stateDiagram(.forceLogout)
    })

  /// ` (USER)`, with the user ID cut after 64 characters (the longest the server accepts).
  static func userSuffix(_ state: StateDiagram.State) -> String {
    state.userID.map { " (\($0.clipped(64)))" } ?? ""
  }

  /// The diagram as text, the current state marked with `*`.
  static func diagramLines(_ phase: StateDiagram.Phase) -> [String] {
    let diagram = Diagram.standard
    var lines = ["states:"]
    for state in diagram.states {
      lines.append("  \(state == phase ? "*" : " ") \(state.rawValue)")
    }
    lines.append("transitions:")
    for transition in diagram.transitions {
      lines.append(
        "  \(transition.from.rawValue) --\(transition.action)--> \(transition.to.rawValue)")
    }
    return lines
  }
}
