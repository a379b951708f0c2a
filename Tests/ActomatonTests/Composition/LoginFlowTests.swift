import Testing

@testable import Actomaton

/// A login flow whose logout, forced while a login is in flight, cancels that login: through a
/// `runNewest` queue the two effects share, or by cancelling their common id before starting.
@Suite struct LoginFlowTests {
  enum Action: Sendable { case login, loginOK, logout, logoutOK, forceLogout }
  enum State: Sendable, Equatable { case loggedOut, loggingIn, loggedIn, loggingOut }

  struct LoginFlowEffectQueue: Newest1EffectQueueProtocol {}
  struct LoginFlowEffectID: EffectIDProtocol {}

  struct Environment: Sendable {
    let login: @Sendable (_ userID: String) -> Effect<Action>
    let logout: @Sendable () -> Effect<Action>
  }

  /// A logged-out flow whose login waits at `loginGate`, logout at `logoutGate`; cancellations
  /// are recorded.
  static func actomaton(
    loginGate: Gate, logoutGate: Gate, probe: Probe<String>, useQueue: Bool
  ) -> Actomaton<Action, State> {
    @Sendable func effect(_ name: String, _ gate: Gate, _ next: Action) -> Effect<Action> {
      let run: @Sendable () async throws -> Action? = {
        await probe.record("\(name) started")
        do {
          try await gate.wait()
        } catch {
          await probe.record("\(name) cancelled")
          throw error
        }
        return next
      }
      return useQueue
        ? Effect(queue: LoginFlowEffectQueue(), run: run)
        : Effect.cancel(id: LoginFlowEffectID()) + Effect(id: LoginFlowEffectID(), run: run)
    }
    let environment = Environment(
      login: { _ in effect("login", loginGate, .loginOK) },
      logout: { effect("logout", logoutGate, .logoutOK) })
    return Actomaton(state: State.loggedOut, reducer: reducer, environment: environment)
  }

  static let reducer = Reducer<Action, State, Environment> { action, state, environment in
    switch (action, state) {
    case (.login, .loggedOut):
      state = .loggingIn
      return environment.login("user")
    case (.loginOK, .loggingIn):
      state = .loggedIn
      return .empty
    case (.logout, .loggedIn), (.forceLogout, .loggingIn), (.forceLogout, .loggedIn):
      state = .loggingOut
      return environment.logout()
    case (.logoutOK, .loggingOut):
      state = .loggedOut
      return .empty
    default:
      return .empty
    }
  }

  @Test(arguments: [true, false])
  func loginThenLogoutReachesEachState(useQueue: Bool) async throws {
    let (loginGate, logoutGate, probe) = (Gate(), Gate(), Probe<String>())
    let actomaton = Self.actomaton(
      loginGate: loginGate, logoutGate: logoutGate, probe: probe, useQueue: useQueue)

    var task = await actomaton.send(.login)
    #expect(await actomaton.state == .loggingIn)
    loginGate.open()
    try await task?.value
    #expect(await actomaton.state == .loggedIn)

    task = await actomaton.send(.logout)
    #expect(await actomaton.state == .loggingOut)
    logoutGate.open()
    try await task?.value
    #expect(await actomaton.state == .loggedOut)
    #expect(await probe.events == ["login started", "logout started"], "nothing was cancelled")
  }

  @Test(arguments: [true, false])
  func forceLogoutDuringLoginCancelsTheLogin(useQueue: Bool) async throws {
    let (loginGate, logoutGate, probe) = (Gate(), Gate(), Probe<String>())
    let actomaton = Self.actomaton(
      loginGate: loginGate, logoutGate: logoutGate, probe: probe, useQueue: useQueue)

    let login = await actomaton.send(.login)
    #expect(await actomaton.state == .loggingIn)
    await probe.waitFor(1)
    let logout = await actomaton.send(.forceLogout)
    #expect(await actomaton.state == .loggingOut)
    try await login?.value
    await probe.waitFor(3)
    #expect(await probe.events.sorted() == ["login cancelled", "login started", "logout started"])

    loginGate.open()  // a login that ignored cancellation could no longer feed `loginOK`
    logoutGate.open()
    try await logout?.value
    #expect(await actomaton.state == .loggedOut)
  }
}
