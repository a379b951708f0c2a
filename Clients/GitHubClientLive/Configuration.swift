import ClientSupport
import Foundation
import GitHubClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension GitHubClient {
  /// Where and how the live client talks to GitHub; its descriptions never show the token.
  public struct Configuration: Sendable {
    /// The public API; tests point `baseURL` at a loopback stub instead.
    public static let defaultBaseURL = URL(string: "https://api.github.com")!
    /// Sent as `User-Agent` unless replaced; GitHub rejects requests without one.
    public static let defaultUserAgent = "ActomatonGallery-GitHubSearch/0.1 (Swift)"

    /// The API root, e.g. `https://api.github.com` or `https://ghe.example.com/api/v3`.
    public var baseURL: URL
    /// Sent as `Authorization: Bearer …` when set; never printed.
    public var token: String?
    /// The `User-Agent` header.
    public var userAgent: String
    /// The idle timeout per request in whole seconds (Linux truncates fractions); at least 1.
    public var timeout: Int
    /// The longest a whole search may take, enforced by the client itself.
    public var deadline: Duration
    /// The most of an answer's body (inflated) the client reads: a larger one is refused, and
    /// an error body is cut there (its message is all the client uses).
    public var maxResponseBytes: Int
    /// One long-lived session shared by every search.
    public var session: GitHubClient.Session

    /// A configuration; every argument has a working default.
    public init(
      baseURL: URL = Configuration.defaultBaseURL,
      token: String? = nil,
      userAgent: String = Configuration.defaultUserAgent,
      timeout: Int = 15,
      deadline: Duration = .seconds(30),
      maxResponseBytes: Int = 8 << 20,
      session: GitHubClient.Session = Configuration.sharedSession
    ) {
      self.baseURL = baseURL
      self.token = token
      self.userAgent = userAgent
      self.timeout = timeout
      self.deadline = deadline
      self.maxResponseBytes = maxResponseBytes
      self.session = session
    }

    /// Reads `GITHUB_API_URL` and `GITHUB_TOKEN` (or `GH_TOKEN`); blank values count as unset.
    public static func fromEnvironment(
      _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Configuration {
      func value(_ name: String) -> String? {
        let trimmed = environment[name]?.trimmingWhitespace() ?? ""
        return trimmed.isEmpty ? nil : trimmed
      }
      var configuration = Configuration()
      if let base = value("GITHUB_API_URL"), let url = URL(string: base), url.host != nil {
        configuration.baseURL = url
      }
      configuration.token = value("GITHUB_TOKEN") ?? value("GH_TOKEN")
      return configuration
    }

    /// The process-wide session: `.ephemeral`, no URL cache, created once on first use.
    public static let sharedSession = GitHubClient.Session()

    /// The timeout as the transport needs it: whole seconds, never below 1.
    var timeoutInterval: TimeInterval { TimeInterval(max(1, timeout)) }
  }
}

extension GitHubClient.Configuration: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// A one-line summary with the token redacted.
  public var description: String {
    "GitHubClient.Configuration(baseURL: \(baseURL.absoluteString), token: \(redactedToken), "
      + "userAgent: \(userAgent), timeout: \(max(1, timeout)) s, deadline: \(deadline))"
  }

  /// The same as ``description``: the token stays redacted.
  public var debugDescription: String { description }

  /// Mirrors for `dump` show the token redacted as well.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "baseURL": baseURL.absoluteString, "token": redactedToken, "userAgent": userAgent,
        "timeout": max(1, timeout), "deadline": deadline, "maxResponseBytes": maxResponseBytes,
      ],
      displayStyle: .struct)
  }

  private var redactedToken: String { token == nil ? "none" : "<redacted>" }
}
