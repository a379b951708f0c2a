import ActomatonTesting
import AuthClient
import FeatureSupport
import StateDiagramFeature
import TestSupport
import Testing

/// What a host meets: stale questions, a client that says `.cancelled` on its own, and a screen
/// closed while a request is in flight.
@Suite struct StateDiagramHostTests {
  typealias Done = AuthClient.Done

  enum Host: Equatable, Sendable {
    case feature(StateDiagram.Action)
    case close
  }

  static let host = Reducer<Host, StateDiagram.State, StateDiagram.Environment> {
    action, state, environment in
    switch action {
    case let .feature(action):
      StateDiagram.reducer.run(action, &state, environment).map(Host.feature)
    case .close: .nextAction(.feature(.cancelRequest))
    }
  }

  static func hostStore(_ state: StateDiagram.State = .init(), auth: (TestClock) -> AuthClient)
    -> (TestStore<Host, StateDiagram.State>, TestClock)
  {
    let clock = TestClock()
    let store = TestStore(
      initialState: state, reducer: host, environment: .init(auth: auth(clock)), clock: clock)
    return (store, clock)
  }

  @Test func aLogoutQuestionAboutAnnIsDroppedByForceLogoutAndNeverLogsBobOut() async {
    let (store, clock) = StateDiagramTests.store(StateDiagramConfirmationTests.loggedIn) {
      .simulated(clock: $0, latency: .seconds(1))
    }
    await store.send(.logout) { $0.confirmation = StateDiagramConfirmationTests.question }
    await store.send(.forceLogout) {
      $0.phase = .loggingOut
      $0.confirmation = nil
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.logoutResponse(.success(Done()))) {
      $0.phase = .loggedOut
      $0.userID = nil
    }
    await store.send(.answer(.yes))  // the dropped question is not asked again
    await store.send(.login(userID: "bob")) {
      $0.phase = .loggingIn
      $0.userID = "bob"
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.loginResponse(.success(Done()))) { $0.phase = .loggedIn }
    await store.send(.answer(.yes))  // nothing was asked about bob
    await store.finish()
  }

  @Test func aLoginTheClientCallsCancelledOnItsOwnFailsInsteadOfHanging() async {
    let (store, _) = StateDiagramTests.store { _ in
      AuthClient(login: { _ throws(AuthError) in throw .cancelled }, logout: { Done() })
    }
    await store.send(.login(userID: "ann")) {
      $0.phase = .loggingIn
      $0.userID = "ann"
    }
    await store.receive(.loginResponse(.failure(.cancelled))) {
      $0.phase = .loggedOut
      $0.userID = nil
      $0.failure = .login(.cancelled)
    }
    await store.send(.login(userID: "ann")) {
      $0.phase = .loggingIn
      $0.userID = "ann"
      $0.failure = nil
    }
    await store.receive(.loginResponse(.failure(.cancelled))) {
      $0.phase = .loggedOut
      $0.userID = nil
      $0.failure = .login(.cancelled)
    }
    await store.finish()
  }

  @Test func aLogoutTheClientCallsCancelledOnItsOwnFailsInsteadOfHanging() async {
    let (store, _) = StateDiagramTests.store(StateDiagramConfirmationTests.loggedIn) { _ in
      AuthClient(login: { _ in Done() }, logout: { () throws(AuthError) in throw .cancelled })
    }
    await store.send(.logoutConfirmed) { $0.phase = .loggingOut }
    await store.receive(.logoutResponse(.failure(.cancelled))) {
      $0.phase = .loggedIn
      $0.failure = .logout(.cancelled)
    }
    await store.finish()
  }

  @Test func cancelRequestDuringALogoutReturnsToLoggedIn() async {
    let (store, clock) = Self.hostStore(StateDiagramConfirmationTests.loggedIn) {
      .simulated(clock: $0, latency: .seconds(1))
    }
    await store.send(.feature(.logoutConfirmed)) { $0.phase = .loggingOut }
    await store.send(.close)
    await store.receive(.feature(.cancelRequest)) {
      $0.phase = .loggedIn
      $0.failure = .logout(.cancelled)
    }
    await clock.advance(by: .seconds(5))
    await store.send(.feature(.logoutConfirmed)) {
      $0.phase = .loggingOut
      $0.failure = nil
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.feature(.logoutResponse(.success(Done())))) {
      $0.phase = .loggedOut
      $0.userID = nil
    }
    await store.finish()
  }

  @Test func cancelRequestDuringALoginReturnsToLoggedOut() async {
    let (store, clock) = Self.hostStore { .simulated(clock: $0, latency: .seconds(1)) }
    await store.send(.feature(.login(userID: "ann"))) {
      $0.phase = .loggingIn
      $0.userID = "ann"
    }
    await store.send(.close)
    await store.receive(.feature(.cancelRequest)) {
      $0.phase = .loggedOut
      $0.userID = nil
      $0.failure = .login(.cancelled)
    }
    await clock.advance(by: .seconds(5))
    await store.finish()  // no answer arrives for the cancelled login
  }

  @Test func cancelRequestWithNothingInFlightChangesNothing() async {
    let (store, _) = Self.hostStore(StateDiagramConfirmationTests.loggedIn) { _ in .unimplemented }
    await store.send(.close)
    await store.receive(.feature(.cancelRequest))
    await store.finish()
  }

  @Test func aHostCanBuildTheTransitionsItExpects() {
    let expected = Diagram.Transition(from: .loggedOut, action: "login", to: .loggingIn)
    #expect(Diagram.standard.transitions.first == expected)
  }

  /// An empty user ID, spaces around it, a line break or a disguise are quoted and shown plainly.
  @Test(arguments: [
    ("", #"Log out ""?"#), (" ann", #"Log out " ann"?"#), ("ann\t", "Log out \"ann\t\"?"),
    ("ann\nLog out bob", #"Log out "ann^JLog out bob"?"#),
    ("ann\u{202E}nib", #"Log out "ann<U+202E>nib"?"#),
  ])
  func aUserIDIsQuotedOnOneLineInTheQuestion(_ userID: String, question: String) async {
    let state = StateDiagram.State(phase: .loggedIn, userID: userID)
    let (store, _) = StateDiagramTests.store(state) { _ in .unimplemented }
    await store.send(.logout) {
      $0.confirmation = Confirmation(question, confirming: .logoutConfirmed)
    }
    await store.finish()
  }
}
