import ClientSupport

/// Everything that can go wrong with a search, each with a message a person understands.
public enum GitHubError: Error, Equatable, Sendable, Codable, CustomStringConvertible,
  UnimplementedFailure
{
  /// 403/429 with no requests left; `resetAt` is UTC epoch seconds when known, shown as a UTC
  /// clock time; `outOfRange` says which of the server's numbers were bounded or ignored.
  case rateLimited(resetAt: Int?, retryAfter: Int?, authenticated: Bool, outOfRange: String? = nil)
  /// 422: GitHub's message.
  case validation(String)
  /// The search text is empty: refused before GitHub was asked.
  case emptyQuery
  /// 401: the token was refused.
  case unauthorized
  /// 5xx.
  case server(status: Int)
  /// Another unexpected status.
  case unexpectedStatus(Int)
  /// Offline or the host refused the connection.
  case cannotConnect(host: String)
  /// No answer within the request's idle timeout or the whole search's deadline.
  case timedOut(after: Duration)
  /// The body could not be decoded.
  case malformedResponse(String)
  /// The page lies past the 1,000 results GitHub lets a search reach; no request was made.
  case beyondResultCap
  case cancelled
  /// A test value was called that the test did not expect to be called.
  case unimplemented(String)

  public var description: String {
    switch self {
    case let .rateLimited(resetAt, retryAfter, authenticated, outOfRange):
      let when =
        retryAfter.map { "retry in \($0) s" } ?? resetAt.map { "resets at \(Self.clockTime($0))" }
        ?? "try again later"
      return "GitHub rate limit reached; \(when)."
        + (outOfRange.map { " The server's \($0)." } ?? "")
        + (authenticated ? "" : " Set GITHUB_TOKEN for a higher limit (30 searches a minute).")
    case let .validation(message): return "GitHub refused the search: \(message)"
    case .emptyQuery: return "The search text is empty, so GitHub was not asked."
    case .unauthorized: return "GitHub refused the token (401). Check GITHUB_TOKEN."
    case let .server(status): return "GitHub had a server error (\(status)); try again later."
    case let .unexpectedStatus(status): return "GitHub answered with unexpected status \(status)."
    case let .cannotConnect(host): return "Cannot connect to \(host): offline or refused."
    case let .timedOut(limit):
      return "The search timed out after \(Self.seconds(limit)); try again."
    case let .malformedResponse(detail): return "GitHub's answer could not be read: \(detail)"
    case .beyondResultCap:
      return "GitHub shows only the first \(ResultCap.maxResultsText) results of a search; "
        + "refine the query."
    case .cancelled: return "The search was cancelled."
    case let .unimplemented(endpoint): return "\(endpoint) is unimplemented in this test."
    }
  }

  /// `22:14:50 UTC` for epoch seconds: GitHub's limits reset within the hour, so a clock time
  /// (in UTC, needing no time zone data) says when without a date.
  static func clockTime(_ epochSeconds: Int) -> String {
    let second = (epochSeconds % 86_400 + 86_400) % 86_400
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return [second / 3_600, second / 60 % 60, second % 60].map(twoDigits)
      .joined(separator: ":") + " UTC"
  }

  /// `15 s`, `0.3 s`: whole seconds without a fraction.
  static func seconds(_ duration: Duration) -> String {
    let tenths = (duration / .milliseconds(100)).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0
      ? "\(Int(tenths / 10)) s" : "\(tenths / 10) s"
  }
}
