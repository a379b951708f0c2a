import ActomatonTesting
import Testing

@testable import Actomaton

/// The seed's login flow, tested the way feature tests are written: every state change and every
/// received action asserted, time driven by the test clock.
@Suite struct LoginFlowSampleTests {
  enum Action: Sendable, Equatable { case login, loginOK, logout, logoutOK, forceLogout }
  enum State: Sendable, Equatable { case loggedOut, loggingIn, loggedIn, loggingOut }
  struct LoginFlowEffectQueue: Newest1EffectQueueProtocol {}

  static func reducer(clock: TestClock) -> Reducer<Action, State, Void> {
    @Sendable func request(_ next: Action) -> Effect<Action> {
      Effect(queue: LoginFlowEffectQueue()) {
        try await clock.sleep(for: .seconds(1))  // the server's latency
        return next
      }
    }
    return Reducer { action, state, _ in
      switch (action, state) {
      case (.login, .loggedOut):
        state = .loggingIn
        return request(.loginOK)
      case (.loginOK, .loggingIn):
        state = .loggedIn
        return .empty
      case (.logout, .loggedIn), (.forceLogout, .loggingIn), (.forceLogout, .loggedIn):
        state = .loggingOut
        return request(.logoutOK)
      case (.logoutOK, .loggingOut):
        state = .loggedOut
        return .empty
      default:
        return .empty
      }
    }
  }

  @Test func loginThenLogout() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .loggedOut, reducer: Self.reducer(clock: clock), clock: clock)
    await store.send(.login) { $0 = .loggingIn }
    await clock.advance(by: .seconds(1))
    await store.receive(.loginOK) { $0 = .loggedIn }
    await store.send(.logout) { $0 = .loggingOut }
    await clock.advance(by: .seconds(1))
    await store.receive(.logoutOK) { $0 = .loggedOut }
  }

  @Test func forceLogoutCancelsInFlightLogin() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .loggedOut, reducer: Self.reducer(clock: clock), clock: clock)
    await store.send(.login) { $0 = .loggingIn }
    await clock.advance(by: .milliseconds(500))
    await store.send(.forceLogout) { $0 = .loggingOut }
    await clock.advance(by: .seconds(1))
    await store.receive(.logoutOK) { $0 = .loggedOut }  // no loginOK: the login was cancelled
    await store.finish()
  }
}
