import AuthClient
import FeatureSupport
import StateDiagramFeature
import TestSupport
import Testing

/// The login flow's state and actions survive a recording, the auth client's errors included.
@Suite struct StateDiagramCodableTests {
  static let errors: [AuthError] = [
    .refused("User 'a b' has spaces."), .cancelled, .unimplemented("login"),
  ]

  @Test func everyActionRoundTrips() throws {
    var actions: [StateDiagram.Action] = [
      .login(userID: "ann"), .login(userID: ""), .logout, .logoutConfirmed, .forceLogout,
      .answer(.yes), .answer(.no), .cancelRequest, .loginResponse(.success(.init())),
      .logoutResponse(.success(.init())),
    ]
    actions += Self.errors.flatMap {
      [.loginResponse(.failure($0)), .logoutResponse(.failure($0))]
    }
    for action in actions { #expect(try roundTripped(action) == action) }
  }

  @Test func theStateRoundTripsWithItsFailureAndQuestion() throws {
    var asking = StateDiagram.State(phase: .loggedIn, userID: "ann")
    asking.confirmation = Confirmation("Log out ann?", confirming: .logoutConfirmed)
    asking.refusal = "'login' is not allowed while loggedIn."
    var failed = StateDiagram.State()
    failed.failure = .login(.refused("no"))
    var loggingOut = StateDiagram.State(phase: .loggingOut, userID: "ann")
    loggingOut.failure = .logout(.cancelled)
    for state in [StateDiagram.State(), asking, failed, loggingOut] {
      #expect(try roundTripped(state) == state)
    }
  }
}
