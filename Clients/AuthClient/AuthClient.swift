/// Logs a user in and out (a struct of closures, so tests and hosts can replace it).
public struct AuthClient: Sendable {
  public var login: @Sendable (_ userID: String) async throws -> Void
  public var logout: @Sendable () async throws -> Void

  public init(
    login: @escaping @Sendable (_ userID: String) async throws -> Void,
    logout: @escaping @Sendable () async throws -> Void
  ) {
    self.login = login
    self.logout = logout
  }
}

/// Why the auth client refused.
public struct AuthError: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension AuthClient {
  /// A stand-in for a server (the project has none): each request takes `latency` on `clock`;
  /// a user ID that is empty, has spaces or is longer than 64 characters is refused (the refusal
  /// quotes at most 64 characters of it).
  public static func simulated(
    clock: some Clock<Duration>, latency: Duration = .milliseconds(800)
  ) -> AuthClient {
    AuthClient(
      login: { userID in
        try await clock.sleep(for: latency)
        if userID.isEmpty || userID.contains(where: \.isWhitespace) || userID.count > 64 {
          // NOTE: the ID is quoted up to the longest valid one, not echoed whole.
          let quoted = userID.count > 64 ? userID.prefix(64) + "…" : userID
          throw AuthError("user ID must be 1 to 64 characters without spaces, got \"\(quoted)\"")
        }
      },
      logout: { try await clock.sleep(for: latency) })
  }

  /// Succeeds at once.
  public static let succeeding = AuthClient(login: { _ in }, logout: {})

  /// Fails every request with `message`.
  public static func failing(_ message: String) -> AuthClient {
    AuthClient(login: { _ in throw AuthError(message) }, logout: { throw AuthError(message) })
  }

  /// Fails loudly, naming the endpoint, for tests that must not reach the client.
  public static let unimplemented = AuthClient(
    login: { _ in throw AuthError("AuthClient.login is unimplemented in this test") },
    logout: { throw AuthError("AuthClient.logout is unimplemented in this test") })
}
