extension Root.State {
  /// Who is logged in, while the login screen shows a logged-in user.
  public var signedInUser: String? {
    guard case let .stateDiagram(login)? = screen, login.phase == .loggedIn else { return nil }
    return login.userID
  }
}
