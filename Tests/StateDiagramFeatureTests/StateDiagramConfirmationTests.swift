import ActomatonTesting
import AuthClient
import FeatureSupport
import StateDiagramFeature
import Testing

/// `logout` asks first, and the answer decides.
@Suite struct StateDiagramConfirmationTests {
  static let loggedIn = StateDiagram.State(phase: .loggedIn, userID: "ann")
  static let question = FeatureSupport.Confirmation<StateDiagram.Action>(
    "Log out ann?", confirming: .logoutConfirmed)

  @Test func logoutAsksAndYesLogsOut() async {
    let (store, clock) = StateDiagramTests.store(Self.loggedIn) {
      .simulated(clock: $0, latency: .seconds(1))
    }
    await store.send(.logout) { $0.confirmation = Self.question }
    await store.send(.answer(.yes)) {
      $0.confirmation = nil
      $0.phase = .loggingOut
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.logoutResponse(.success(AuthClient.Done()))) {
      $0.phase = .loggedOut
      $0.userID = nil
    }
    await store.finish()
  }

  @Test func noKeepsTheUserLoggedInAndSendsNothing() async {
    let (store, _) = StateDiagramTests.store(Self.loggedIn) { _ in .unimplemented }
    await store.send(.logout) { $0.confirmation = Self.question }
    await store.send(.answer(.no)) { $0.confirmation = nil }
    await store.send(.answer(.yes))
    await store.finish()
  }

  @Test func aLogoutTheDiagramRefusesAsksNothing() async {
    let (store, _) = StateDiagramTests.store { _ in .unimplemented }
    await store.send(.logout) { $0.refusal = "'logout' is not allowed while loggedOut" }
    await store.finish()
  }
}
