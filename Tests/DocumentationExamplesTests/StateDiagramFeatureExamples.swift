import Actomaton
import ActomatonTesting
import AuthClient
import FeatureSupport
import StateDiagramFeature
import Testing

/// The listing of "Using it" on StateDiagramFeature's page
/// (`Features/StateDiagram/StateDiagramFeature.docc`).
@Suite struct StateDiagramFeatureExamples {
  @Test func aHostLogsInThenLogsOutOnAYes() async throws {
    let auth = AuthClient.simulated(clock: ContinuousClock(), latency: .milliseconds(10))
    let flow = Actomaton(
      state: StateDiagram.State(), reducer: StateDiagram.reducer,
      environment: StateDiagram.Environment(auth: auth))
    let login = await flow.send(.login(userID: "ann"))  // loggingIn
    try await login?.value  // loggedIn
    await flow.send(.logout)  // asks: confirmation is "Log out ann?"
    let logout = await flow.send(.answer(.yes))  // loggingOut
    try await logout?.value  // loggedOut
    #expect(login != nil && logout != nil)
    #expect(await flow.state == StateDiagram.State())
  }

  /// The listing's sends on a test clock, each state its comments name asserted in between.
  @Test func theListingsStepsReachThePhasesItsCommentsName() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StateDiagram.State(), reducer: StateDiagram.reducer,
      environment: StateDiagram.Environment(
        auth: .simulated(clock: clock, latency: .milliseconds(10))),
      clock: clock)
    await store.send(.login(userID: "ann")) {
      $0.phase = .loggingIn
      $0.userID = "ann"
    }
    await clock.advance(by: .milliseconds(10))
    await store.receive(.loginResponse(.success(AuthClient.Done()))) { $0.phase = .loggedIn }
    await store.send(.logout) {
      $0.confirmation = Confirmation("Log out ann?", confirming: .logoutConfirmed)
    }
    await store.send(.answer(.yes)) {
      $0.phase = .loggingOut
      $0.confirmation = nil
    }
    await clock.advance(by: .milliseconds(10))
    await store.receive(.logoutResponse(.success(AuthClient.Done()))) {
      $0.phase = .loggedOut
      $0.userID = nil
    }
  }
}
