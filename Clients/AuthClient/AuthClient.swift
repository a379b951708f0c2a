import ClientSupport

/// Logs a user in and out (a struct of closures, so tests and hosts can replace it).
///
/// The only error it throws is ``AuthError``.
public struct AuthClient: Sendable {
  public var login: @Sendable (_ userID: String) async throws(AuthError) -> Done
  public var logout: @Sendable () async throws(AuthError) -> Done

  public init(
    login: @escaping @Sendable (_ userID: String) async throws(AuthError) -> Done,
    logout: @escaping @Sendable () async throws(AuthError) -> Done
  ) {
    self.login = login
    self.logout = logout
  }

  /// What a request answers when it succeeds: only that it did. (`Void` cannot be `Equatable`,
  /// and an action carries the answer as `Result<Done, AuthError>`.)
  public struct Done: Equatable, Sendable, Codable {
    public init() {}
  }
}

/// Why the auth client refused.
public enum AuthError: Error, Equatable, Sendable, Codable, CustomStringConvertible,
  UnimplementedFailure
{
  /// The server refused the request, saying why.
  case refused(String)
  /// The request was cancelled before it finished.
  case cancelled
  /// A test value was called that the test did not expect to be called.
  case unimplemented(String)

  public var description: String {
    switch self {
    case let .refused(reason): reason
    case .cancelled: "The request was cancelled."
    case let .unimplemented(endpoint): "\(endpoint) is unimplemented in this test."
    }
  }
}

extension AuthClient {
  /// A stand-in for a server (the project has none): each request takes `latency` on `clock`;
  /// a user ID that is empty, has spaces or is longer than 64 characters is refused (the refusal
  /// quotes at most 64 characters of it).
  public static func simulated(
    clock: some Clock<Duration>, latency: Duration = .milliseconds(800)
  ) -> AuthClient {
    @Sendable func wait() async throws(AuthError) {
      do { try await clock.sleep(for: latency) } catch { throw .cancelled }
    }
    return AuthClient(
      login: { userID throws(AuthError) in
        try await wait()
        if userID.isEmpty || userID.contains(where: \.isWhitespace) || userID.count > 64 {
          // NOTE: the ID is quoted up to the longest valid one, not echoed whole.
          let quoted = userID.count > 64 ? userID.prefix(64) + "…" : userID
          throw .refused("user ID must be 1 to 64 characters without spaces, got \"\(quoted)\"")
        }
        return Done()
      },
      logout: { () throws(AuthError) in
        try await wait()
        return Done()
      })
  }

  /// Succeeds at once.
  public static let succeeding = AuthClient(login: { _ in Done() }, logout: { Done() })

  /// Refuses every request with `reason`.
  public static func failing(_ reason: String) -> AuthClient {
    AuthClient(
      login: { _ throws(AuthError) in throw .refused(reason) },
      logout: { () throws(AuthError) in throw .refused(reason) })
  }

  /// Fails the test on any request, naming it, for tests that must not reach the client.
  public static let unimplemented = AuthClient(
    login: Unimplemented.endpoint("AuthClient.login"),
    logout: Unimplemented.endpoint("AuthClient.logout"))
}
