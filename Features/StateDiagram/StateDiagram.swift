import Actomaton
import AuthClient
import FeatureSupport
import OutsideText

/// The login flow as a state machine: log in, log out, and force a logout even mid-login.
public enum StateDiagram {
  // MARK: - State

  public enum Phase: String, CaseIterable, Equatable, Sendable, Codable {
    case loggedOut, loggingIn, loggedIn, loggingOut
  }

  public struct State: Equatable, Sendable, Codable {
    public var phase: Phase
    /// The user logged in, or logging in.
    public var userID: String?
    /// Why the last action was refused: the diagram does not allow it from the current phase.
    public var refusal: String?
    /// What went wrong with the last login or logout.
    public var failure: Failure?
    /// The question asked before logging out, until it is answered.
    public var confirmation: Confirmation<Action>?

    public init(phase: Phase = .loggedOut, userID: String? = nil) {
      self.phase = phase
      self.userID = userID
    }
  }

  /// A request the auth client refused, and why.
  public enum Failure: Equatable, Sendable, Codable, CustomStringConvertible {
    case login(AuthError)
    case logout(AuthError)

    public var description: String {
      switch self {
      case let .login(error): "Login failed: \(error)"
      case let .logout(error): "Logout failed: \(error)"
      }
    }
  }

  // MARK: - Action

  public enum Action: Equatable, Sendable, Codable {
    case login(userID: String)
    /// Asks first (`confirmation`) when the diagram allows a logout.
    case logout
    /// Logs out without asking: what a yes to `logout` runs.
    case logoutConfirmed
    case forceLogout
    /// Answers the pending `confirmation`: yes runs its action, anything else drops it.
    case answer(Answer)
    /// Stops the login or logout in flight; the phase returns where the request's failure leads
    /// (`loggedOut` from a login, `loggedIn` from a logout), with `failure` saying it was
    /// cancelled. Nothing happens when no request is in flight.
    case cancelRequest

    case loginResponse(Result<AuthClient.Done, AuthError>)
    case logoutResponse(Result<AuthClient.Done, AuthError>)
  }

  // MARK: - Environment

  public struct Environment: Sendable {
    public var auth: AuthClient
    public init(auth: AuthClient) { self.auth = auth }
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Environment> {
    Reducer { action, state, environment in
      let asked = state.confirmation
      let before = (state.phase, state.userID)
      let effect = reduce(action, &state, environment)
      // NOTE: a question names the user and the phase it was asked in: once either changes
      // (a forced logout, another login), a yes would act on something the person never saw.
      if asked != nil, state.confirmation == asked, (state.phase, state.userID) != before {
        state.confirmation = nil
      }
      return effect
    }
  }

  private static func reduce(
    _ action: Action, _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    switch action {
    case .cancelRequest:
      // NOTE: the phase waiting on the request takes the diagram's failure transition, as if the
      // client had answered `.cancelled`, so the feature is never left waiting for nothing.
      let cancel = Effect<Action>.cancel(id: AuthRequestID())
      switch state.phase {
      case .loggingIn:
        return cancel + transition(.loginResponse(.failure(.cancelled)), &state, environment)
      case .loggingOut:
        return cancel + transition(.logoutResponse(.failure(.cancelled)), &state, environment)
      case .loggedOut, .loggedIn:
        return cancel
      }
    case let .answer(answer):
      guard let confirmed = state.confirmation.answer(answer) else { return .empty }
      return transition(confirmed, &state, environment)
    case .logout where Diagram.standard.target(of: .logout, from: state.phase) != nil:
      state.refusal = nil
      let user = state.userID.map { " \(oneLine($0))" } ?? ""
      state.confirmation = Confirmation("Log out\(user)?", confirming: .logoutConfirmed)
      return .empty
    default:
      return transition(action, &state, environment)
    }
  }

  /// The user ID as it is, or quoted and made visible by the one rule for outside text when it
  /// is empty, has white space around it, or holds a line break, a control character or one that
  /// disguises text: the question stays one line and shows the ID the answer acts on.
  private static func oneLine(_ userID: String) -> String {
    let plain =
      !userID.isEmpty && userID.first?.isWhitespace == false
      && userID.last?.isWhitespace == false && !userID.contains(where: \.isNewline)
      && !userID.unicodeScalars.contains {
        $0.properties.generalCategory == .control || OutsideText.isDisguising($0)
      }
    return plain ? userID : "\"" + userID.terminalSafe(keepingLineBreaks: false) + "\""
  }

  /// Takes the diagram's transition for `action`, or refuses it.
  private static func transition(
    _ action: Action, _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    guard let next = Diagram.standard.target(of: action, from: state.phase) else {
      state.refusal = "'\(action.name)' is not allowed while \(state.phase.rawValue)"
      return .empty
    }
    state.refusal = nil
    let from = state.phase
    state.phase = next
    switch action {
    case let .login(userID):
      state.userID = userID
      state.failure = nil
      return request(Action.loginResponse) { () throws(AuthError) in
        try await environment.auth.login(userID)
      }
    case .logout, .logoutConfirmed, .forceLogout:
      state.failure = nil
      if from == .loggingIn { state.userID = nil }
      return request(Action.logoutResponse, environment.auth.logout)
    case .loginResponse(.success):
      return .empty
    case .logoutResponse(.success):
      state.userID = nil
      return .empty
    case let .loginResponse(.failure(error)):
      state.userID = nil
      state.failure = .login(error)
      return .empty
    case let .logoutResponse(.failure(error)):
      state.phase = state.userID == nil ? .loggedOut : .loggedIn
      state.failure = .logout(error)
      return .empty
    case .answer, .cancelRequest:
      return .empty
    }
  }

  // MARK: - Effects

  private struct AuthRequestID: EffectIDProtocol {}
  private struct AuthQueue: Newest1EffectQueueProtocol {}

  private static func request(
    _ response: @escaping @Sendable (Result<AuthClient.Done, AuthError>) -> Action,
    _ run: @escaping @Sendable () async throws(AuthError) -> AuthClient.Done
  ) -> Effect<Action> {
    Effect(id: AuthRequestID(), queue: AuthQueue()) {
      do throws(AuthError) {
        return response(.success(try await run()))
      } catch {
        // NOTE: only the task says whether the feature cancelled the request: a client may
        // answer `.cancelled` on its own, and that answer must move the phase on.
        return Task.isCancelled ? nil : response(.failure(error))
      }
    }
  }
}

extension StateDiagram.Action {
  /// The label of the transition the action takes in the diagram: an answer is named by its
  /// outcome (`loginOK`, `loginFailed`).
  public var name: String {
    switch self {
    case .login: "login"
    case .loginResponse(.success): "loginOK"
    case .loginResponse(.failure): "loginFailed"
    case .logout, .logoutConfirmed: "logout"
    case .logoutResponse(.success): "logoutOK"
    case .logoutResponse(.failure): "logoutFailed"
    case .forceLogout: "forceLogout"
    case .answer: "answer"
    case .cancelRequest: "cancelRequest"
    }
  }
}
