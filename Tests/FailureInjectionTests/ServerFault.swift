import Foundation
import StubHTTPServer

/// What the stub does with a search, picked by its text: `search 502` gets a 502, and any text
/// that names no fault gets one good result.
enum ServerFault: String, CaseIterable, Sendable, CustomStringConvertible {
  case closedWithoutAnswer = "closed"
  case closedMidAnswer = "cut"
  case stall
  case unauthorized = "401"
  case rateLimit403 = "limit403"
  case rateLimit429 = "limit429"
  case validation = "422"
  case status500 = "500"
  case status502 = "502"
  case status503 = "503"
  case malformedJSON = "malformed"
  case hugeBody = "huge"
  case captivePortal = "portal"

  /// The wall-clock time the rate-limit tests run at: 2023-11-14 22:13:20 UTC.
  static let frozenNow = Date(timeIntervalSince1970: 1_700_000_000)
  /// When GitHub says the rate limit resets: 90 s after ``frozenNow``.
  static let resetAt = 1_700_000_090
  /// Comfortably over the sessions' 100,000-byte limit.
  static let hugeBodySize = 300_000

  var description: String { rawValue }

  static func answer(_ request: StubRequest) -> StubResponse {
    guard request.path == "/search/repositories" else { return .notFound }
    let text = request.queryValue("q") ?? ""
    return ServerFault(rawValue: text)?.response ?? .json(Self.page(named: text))
  }

  var response: StubResponse {
    switch self {
    case .closedWithoutAnswer: .fault(.closeWithoutResponse)
    case .closedMidAnswer: .fault(.closeMidResponse, body: Data(Self.page(named: "cut").utf8))
    // NOTE: longer than any wait of a test but the hang guard's 300 s: a client's hang-up is
    // counted only while the server still stalls, and under the thread sanitizer with the whole
    // suite running, a cancelled request's connection was once closed after 30 s.
    case .stall: .fault(.stall(seconds: 280))
    case .unauthorized: .json(#"{"message": "Bad credentials"}"#, status: 401)
    case .rateLimit403:
      .json(
        #"{"message": "API rate limit exceeded for user ID 1."}"#, status: 403,
        headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "\(Self.resetAt)")])
    case .rateLimit429:
      .json(
        #"{"message": "API rate limit exceeded for user ID 1."}"#, status: 429,
        headers: [("X-RateLimit-Reset", "\(Self.resetAt)")])
    case .validation:
      .json(
        #"{"message": "Validation Failed", "errors": [{"resource": "Search", "field": "q","#
          + #" "code": "invalid", "message": "The search is longer than 256 characters."}]}"#,
        status: 422)
    case .status500, .status502, .status503:
      StubResponse(
        status: Int(rawValue)!, headers: [("Content-Type", "text/html")],
        body: Data("<html><h1>Unicorn!</h1></html>".utf8))
    case .malformedJSON: .json(#"{"total_count": 1, "items": [{"id": "#)
    case .hugeBody:
      .json(Self.page(named: "huge") + String(repeating: " ", count: Self.hugeBodySize))
    case .captivePortal:
      StubResponse(
        headers: [("Content-Type", "text/html; charset=utf-8")],
        body: Data("<html><body>Sign in to the café Wi-Fi</body></html>".utf8))
    }
  }

  /// A page with one repository, `octo/<name>`.
  static func page(named name: String) -> String {
    #"""
    {"total_count": 1, "incomplete_results": false, "items": [{"id": 1,
     "full_name": "octo/\#(name)", "owner": {"login": "octo"}, "description": null,
     "language": "Swift", "stargazers_count": 7, "forks_count": 0, "license": null,
     "html_url": "https://github.com/octo/\#(name)", "updated_at": "2024-01-01T00:00:00Z"}]}
    """#
  }
}
