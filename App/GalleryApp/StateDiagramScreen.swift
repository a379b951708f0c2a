import Actomaton
import ActomatonREPL
import AppRoot
import StateDiagramFeature

extension Gallery {
  static let stateDiagram = FeatureScreen<Gallery, StateDiagram.State, StateDiagram.Action>(
    name: "login",
    title: "Login",
    summary: "the login flow as a state diagram",
    place: .screen(/Root.State.Screen.stateDiagram, initial: StateDiagram.State()),
    action: /Root.Action.stateDiagram,
    commands: [
      Command("login", "[USER]", "log in (as 'guest' when no user is given)", example: "login ann")
      {
        arguments throws(CommandError) in
        .login(userID: arguments.text.isEmpty ? "guest" : arguments.text)
      },
      .simple("logout", "log out (asks first)", .logout),
      .simple("force-logout", "log out at once, even while logging in", .forceLogout),
      .view("diagram", "draw the state diagram, the current state marked") { state in
        Rendered(diagramLines(state.phase))
      },
    ],
    render: { state in
      Rendered(
        ["state: \(state.phase.rawValue)" + userSuffix(state)],
        problem: Problem(failure: state.failure, refusal: state.refusal))
    },
    notice: { _, state in
      let failure = state.failure.map { " — \($0)" } ?? ""
      return "login flow: now \(state.phase.rawValue)\(userSuffix(state))\(failure)"
    },
    // NOTE: a login in flight is cancelled the diagram's way, by force-logout; a logout in
    // flight is left to finish.
    interrupt: { state in state.phase == .loggingIn ? .forceLogout : nil },
    // NOTE: a restored login or logout has no request behind it: it fails as cancelled.
    abandon: { state in [.loggingIn, .loggingOut].contains(state.phase) ? .cancelRequest : nil },
    confirmation: .init(question: { $0.confirmation?.question }, answer: { .answer($0) }),
    environment: ScreenEnvironment { surroundings in
      StateDiagram.Environment(
        auth: surroundings.live == nil ? .unimplemented : .simulated(clock: surroundings.clock))
    }
  ).erased

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
