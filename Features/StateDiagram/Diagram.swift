/// The login flow's states and allowed transitions, as data a host can draw.
public struct Diagram: Equatable, Sendable {
  public struct Transition: Equatable, Sendable {
    public var from: StateDiagram.Phase
    public var action: String
    public var to: StateDiagram.Phase

    public init(from: StateDiagram.Phase, action: String, to: StateDiagram.Phase) {
      self.from = from
      self.action = action
      self.to = to
    }
  }

  public var states: [StateDiagram.Phase]
  public var transitions: [Transition]

  /// The seed's diagram, plus the failure transitions (a failed logout returns to `loggedIn`, or
  /// to `loggedOut` when it was forced during a login).
  public static let standard = Diagram(
    states: StateDiagram.Phase.allCases,
    transitions: [
      Transition(from: .loggedOut, action: "login", to: .loggingIn),
      Transition(from: .loggingIn, action: "loginOK", to: .loggedIn),
      Transition(from: .loggingIn, action: "loginFailed", to: .loggedOut),
      Transition(from: .loggingIn, action: "forceLogout", to: .loggingOut),
      Transition(from: .loggedIn, action: "logout", to: .loggingOut),
      Transition(from: .loggedIn, action: "forceLogout", to: .loggingOut),
      Transition(from: .loggingOut, action: "logoutOK", to: .loggedOut),
      Transition(from: .loggingOut, action: "logoutFailed", to: .loggedIn),
      Transition(from: .loggingOut, action: "logoutFailed", to: .loggedOut),
    ])

  /// Where `action` leads from `phase`, or `nil` when the diagram does not allow it.
  public func target(of action: StateDiagram.Action, from phase: StateDiagram.Phase)
    -> StateDiagram.Phase?
  {
    transitions.first { $0.from == phase && $0.action == action.name }?.to
  }
}
