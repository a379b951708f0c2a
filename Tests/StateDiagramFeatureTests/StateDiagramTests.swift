import ActomatonTesting
import AuthClient
import StateDiagramFeature
import TestSupport
import Testing

@Suite struct StateDiagramTests {
  typealias Phase = StateDiagram.Phase
  typealias Done = AuthClient.Done

  static func store(
    _ state: StateDiagram.State = .init(), auth: (TestClock) -> AuthClient
  ) -> (TestStore<StateDiagram.Action, StateDiagram.State>, TestClock) {
    let clock = TestClock()
    var environment = StateDiagram.Environment.test()
    environment.auth = auth(clock)
    let store = TestStore(
      initialState: state, reducer: StateDiagram.reducer, environment: environment, clock: clock)
    return (store, clock)
  }

  @Test func loginThenLogout() async {
    let (store, clock) = Self.store { .simulated(clock: $0, latency: .seconds(1)) }
    await store.send(.login(userID: "ann")) {
      $0.phase = .loggingIn
      $0.userID = "ann"
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.loginResponse(.success(Done()))) { $0.phase = .loggedIn }
    await store.send(.logoutConfirmed) { $0.phase = .loggingOut }
    await clock.advance(by: .seconds(1))
    await store.receive(.logoutResponse(.success(Done()))) {
      $0.phase = .loggedOut
      $0.userID = nil
    }
    await store.finish()
  }

  @Test func forceLogoutCancelsInFlightLogin() async {
    let (store, clock) = Self.store { .simulated(clock: $0, latency: .seconds(1)) }
    await store.send(.login(userID: "ann")) {
      $0.phase = .loggingIn
      $0.userID = "ann"
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.forceLogout) {
      $0.phase = .loggingOut
      $0.userID = nil
    }
    await clock.advance(by: .seconds(5))
    // never a login answer
    await store.receive(.logoutResponse(.success(Done()))) { $0.phase = .loggedOut }
    await store.finish()
  }

  @Test func forceLogoutWhileLoggedIn() async {
    let loggedIn = StateDiagram.State(phase: .loggedIn, userID: "ann")
    let (store, clock) = Self.store(loggedIn) { .simulated(clock: $0, latency: .seconds(1)) }
    await store.send(.forceLogout) { $0.phase = .loggingOut }
    await clock.advance(by: .seconds(1))
    await store.receive(.logoutResponse(.success(Done()))) {
      $0.phase = .loggedOut
      $0.userID = nil
    }
  }

  /// A refused user ID returns to logged out with the message, quoting 64 characters at most.
  @Test(arguments: [
    ("two words", "\"two words\""),
    (String(repeating: "x", count: 10_000), "\"\(String(repeating: "x", count: 64))…\""),
  ])
  func failedLoginReturnsToLoggedOutWithTheMessage(_ userID: String, quoted: String) async {
    let (store, clock) = Self.store { .simulated(clock: $0, latency: .seconds(1)) }
    await store.send(.login(userID: userID)) {
      $0.phase = .loggingIn
      $0.userID = userID
    }
    await clock.advance(by: .seconds(1))
    let message = "user ID must be 1 to 64 characters without spaces, got \(quoted)"
    await store.receive(.loginResponse(.failure(.refused(message)))) {
      $0.phase = .loggedOut
      $0.userID = nil
      $0.failure = .login(.refused(message))
    }
    #expect(store.state.failure?.description == "Login failed: \(message)")
  }

  @Test func failedLogoutKeepsTheUserLoggedIn() async {
    let (store, _) = Self.store(.init(phase: .loggedIn, userID: "ann")) { _ in .failing("offline") }
    await store.send(.logoutConfirmed) { $0.phase = .loggingOut }
    await store.receive(.logoutResponse(.failure(.refused("offline")))) {
      $0.phase = .loggedIn
      $0.failure = .logout(.refused("offline"))
    }
    #expect(store.state.failure?.description == "Logout failed: offline")
  }

  @Test func aNewLoginClearsThePreviousError() async {
    var state = StateDiagram.State()
    state.failure = .login(.refused("offline"))
    let (store, _) = Self.store(state) { _ in .succeeding }
    await store.send(.login(userID: "ann")) {
      $0.phase = .loggingIn
      $0.userID = "ann"
      $0.failure = nil
    }
    await store.receive(.loginResponse(.success(Done()))) { $0.phase = .loggedIn }
  }

  static let allActions: [StateDiagram.Action] = [
    .login(userID: "ann"), .loginResponse(.success(Done())), .logout, .logoutConfirmed,
    .logoutResponse(.success(Done())), .forceLogout, .loginResponse(.failure(.refused("x"))),
    .logoutResponse(.failure(.refused("x"))),
  ]

  @Test(arguments: Phase.allCases)
  func everyActionTheDiagramDoesNotAllowIsRecordedAsRejected(phase: Phase) async {
    for action in Self.allActions where Diagram.standard.target(of: action, from: phase) == nil {
      let (store, _) = Self.store(.init(phase: phase)) { _ in .unimplemented }
      await store.send(action) {
        $0.refusal = "'\(action.name)' is not allowed while \(phase.rawValue)"
      }
      await store.finish()
    }
  }

  @Test func anAllowedActionClearsTheRejection() async {
    let (store, _) = Self.store { _ in .succeeding }
    await store.send(.logout) { $0.refusal = "'logout' is not allowed while loggedOut" }
    await store.send(.login(userID: "ann")) {
      $0.refusal = nil
      $0.phase = .loggingIn
      $0.userID = "ann"
    }
    await store.receive(.loginResponse(.success(Done()))) { $0.phase = .loggedIn }
  }

  @Test func diagramListsEveryStateAndTheSeedsTransitions() {
    let diagram = Diagram.standard
    #expect(diagram.states == [.loggedOut, .loggingIn, .loggedIn, .loggingOut])
    #expect(diagram.target(of: .login(userID: "a"), from: .loggedOut) == .loggingIn)
    #expect(diagram.target(of: .forceLogout, from: .loggingIn) == .loggingOut)
    #expect(diagram.target(of: .forceLogout, from: .loggingOut) == nil)
  }
}
