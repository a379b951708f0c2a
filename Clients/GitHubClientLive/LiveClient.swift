import Foundation
import GitHubClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension GitHubClient {
  /// Searches the REST API at `configuration.baseURL` over its one long-lived session.
  public static func live(configuration: Configuration = .fromEnvironment()) -> GitHubClient {
    GitHubClient { query throws(GitHubError) in
      try await LiveSearch(configuration: configuration).run(query)
    }
  }
}

/// One search against the REST API: build the request, send it cancel-safely, map the answer.
struct LiveSearch: Sendable {
  var configuration: GitHubClient.Configuration

  /// The page carries `asked` unchanged, so callers can match it to their request.
  func run(_ query: SearchQuery) async throws(GitHubError) -> SearchPage {
    guard !query.text.isEmpty else { throw .emptyQuery }
    guard !ResultCap.isBeyond(page: query.page, perPage: query.perPage) else {
      throw .beyondResultCap
    }
    let request = try makeRequest(query)
    let outcome = await configuration.session.data(
      for: request, deadline: configuration.deadline,
      limits: BodyLimits(maxResponseBytes: configuration.maxResponseBytes))
    switch outcome {
    case let .response(data, response):
      let mapping = ResponseMapping(query: query, authenticated: configuration.token != nil)
      return try mapping.page(from: data, response)
    case let .tooLarge(limit):
      throw .malformedResponse(
        "the answer was too large (over the limit of \(Self.size(limit))); reading stopped there.")
    case let .failure(error, url): throw transportError(error, at: url)
    case .cancelled: throw .cancelled
    case .deadlineExceeded: throw .timedOut(after: configuration.deadline)
    }
  }

  /// `GET {base}/search/repositories?q=…` with GitHub's recommended headers.
  func makeRequest(_ query: SearchQuery) throws(GitHubError) -> URLRequest {
    guard
      var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)
    else { throw .malformedResponse("the API address is not a valid URL.") }
    let path = components.path
    let basePath = path.hasSuffix("/") ? path.dropLast() : path[...]
    components.path = basePath + "/search/repositories"
    var items = [URLQueryItem(name: "q", value: query.text)]
    if query.sort != .bestMatch {
      items.append(URLQueryItem(name: "sort", value: query.sort.rawValue))
      items.append(URLQueryItem(name: "order", value: query.order.rawValue))
    }
    items.append(URLQueryItem(name: "per_page", value: String(query.perPage)))
    items.append(URLQueryItem(name: "page", value: String(query.page)))
    components.queryItems = items
    // NOTE: Foundation leaves `+` alone in query values, and GitHub reads it as a space.
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    guard let url = components.url else {
      throw .malformedResponse("the API address is not a valid URL.")
    }
    var request = URLRequest(url: url)
    // NOTE: corelibs honours only a timeout set through the property, not the initialiser's.
    request.timeoutInterval = configuration.timeoutInterval
    request.httpMethod = "GET"
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
    request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
    if let token = configuration.token {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    return request
  }

  /// Only the host and libcurl's words (token scrubbed) reach the message, never headers.
  private func transportError(_ error: URLError, at url: URL?) -> GitHubError {
    switch error.code {
    case .timedOut: return .timedOut(after: .seconds(configuration.timeoutInterval))
    case .cancelled: return .cancelled
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
      .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .internationalRoamingOff,
      .dataNotAllowed, .callIsActive:
      return .cannotConnect(host: hostDescription(url ?? configuration.baseURL))
    case .networkConnectionLost:
      return .malformedResponse("the connection closed before the answer was complete.")
    case .badServerResponse, .cannotParseResponse, .zeroByteResource:
      return .malformedResponse("the server sent no readable HTTP answer.")
    default:
      let text = curlText(of: error)
      // NOTE: libcurl refuses one header over about 100 KB with nothing but "Out of memory", and
      // a head over its total limit with "Too large response headers".
      if text.contains("Out of memory") || text.contains("Too large response headers") {
        return .malformedResponse("the answer's headers were too large.")
      }
      return .malformedResponse("the transfer failed (\(text)).")
    }
  }

  /// libcurl's own words (e.g. "transfer closed with 12 bytes remaining"), token scrubbed.
  private func curlText(of error: URLError) -> String {
    var text =
      error.userInfo[NSLocalizedDescriptionKey] as? String ?? "URLError \(error.code.rawValue)"
    if let token = configuration.token, !token.isEmpty {
      text = text.replacingOccurrences(of: token, with: "<redacted>")
    }
    return String(text.prefix(200))
  }

  /// `1 MiB`, `64 KiB`, `100 bytes`.
  static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  /// The host that could not be reached: the configured one, or where a redirect led.
  private func hostDescription(_ url: URL) -> String {
    let host = url.host ?? "the GitHub API"
    return url.port.map { "\(host):\($0)" } ?? host
  }
}
