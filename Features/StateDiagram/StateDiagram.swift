import Actomaton
import AuthClient

/// The login flow as a state machine: log in, log out, and force a logout even mid-login.
public enum StateDiagram {
  // MARK: - State

  public enum Phase: String, CaseIterable, Equatable, Sendable {
    case loggedOut, loggingIn, loggedIn, loggingOut
  }

  public struct State: Equatable, Sendable {
    public var phase: Phase
    /// The user logged in, or logging in.
    public var userID: String?
    /// What went wrong with the last login or logout.
    public var error: String?
    /// The last action the diagram did not allow.
    public var rejected: RejectedTransition?

    public init(phase: Phase = .loggedOut, userID: String? = nil) {
      self.phase = phase
      self.userID = userID
    }
  }

  public struct RejectedTransition: Equatable, Sendable {
    public var action: String
    public var from: Phase

    public init(action: String, from: Phase) {
      self.action = action
      self.from = from
    }
  }

  // MARK: - Action

  public enum Action: Equatable, Sendable {
    case login(userID: String)
    case loginOK
    case logout
    case logoutOK
    case forceLogout
    case loginFailed(String)
    case logoutFailed(String)
  }

  // MARK: - Environment

  public struct Environment: Sendable {
    public var auth: AuthClient
    public init(auth: AuthClient) { self.auth = auth }
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Environment> {
    Reducer { action, state, environment in
      guard let next = Diagram.standard.target(of: action, from: state.phase) else {
        state.rejected = RejectedTransition(action: action.name, from: state.phase)
        return .empty
      }
      state.rejected = nil
      let from = state.phase
      state.phase = next
      switch action {
      case let .login(userID):
        state.userID = userID
        state.error = nil
        return request(.loginOK, failure: Action.loginFailed) { () throws(AuthError) in
          try await environment.auth.login(userID)
        }
      case .logout, .forceLogout:
        state.error = nil
        if from == .loggingIn { state.userID = nil }
        return request(.logoutOK, failure: Action.logoutFailed, environment.auth.logout)
      case .loginOK:
        return .empty
      case .logoutOK:
        state.userID = nil
        return .empty
      case let .loginFailed(message):
        state.userID = nil
        state.error = "Login failed: \(message)"
        return .empty
      case let .logoutFailed(message):
        state.phase = state.userID == nil ? .loggedOut : .loggedIn
        state.error = "Logout failed: \(message)"
        return .empty
      }
    }
  }

  /// Cancels every effect of this feature, for a host closing the screen.
  public static var cancelAllEffects: Effect<Action> {
    .cancel(ids: { $0 is AuthRequestID })
  }

  // MARK: - Effects

  private struct AuthRequestID: EffectIDProtocol {}
  private struct AuthQueue: Newest1EffectQueueProtocol {}

  private static func request(
    _ success: Action, failure: @escaping @Sendable (String) -> Action,
    _ run: @escaping @Sendable () async throws(AuthError) -> AuthClient.Done
  ) -> Effect<Action> {
    Effect(id: AuthRequestID(), queue: AuthQueue()) {
      do throws(AuthError) {
        _ = try await run()
        return success
      } catch {
        return error == .cancelled ? nil : failure("\(error)")
      }
    }
  }
}

extension StateDiagram.Action {
  /// The action's name as the diagram labels its transitions.
  public var name: String {
    switch self {
    case .login: "login"
    case .loginOK: "loginOK"
    case .logout: "logout"
    case .logoutOK: "logoutOK"
    case .forceLogout: "forceLogout"
    case .loginFailed: "loginFailed"
    case .logoutFailed: "logoutFailed"
    }
  }
}
