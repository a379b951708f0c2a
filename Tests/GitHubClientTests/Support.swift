import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

/// The client's tests: the live client against a loopback stub, the fixture client, the stub.
@Suite struct GitHubClientTests {}

let searchPath = "/search/repositories"
let secretToken = "ghp_S3cretT0kenThatMustNeverLeak"

/// Runs `body` with a fresh stub server that always stops afterwards.
func withStub<T>(
  _ routes: [String: StubResponse] = [:], handler: StubHTTPServer.Handler? = nil,
  _ body: (StubHTTPServer) async throws -> T
) async throws -> T {
  // NOTE: the lifetime only stops a server a failing test left running; under the thread
  // sanitizer on a loaded machine twenty requests have taken longer than 20 s.
  let server = try StubHTTPServer(routes: routes, handler: handler)
  defer { server.stop() }
  return try await body(server)
}

/// Runs `body` with a stub answering every search with `response`.
func withSearchStub<T>(
  _ response: StubResponse, _ body: (StubHTTPServer) async throws -> T
) async throws -> T {
  try await withStub([searchPath: response], body)
}

/// A live client aimed at `server`. The limits are far above what a local answer takes, even
/// with the whole suite under the thread sanitizer on two cores; a test of a limit sets its own.
/// The most a prompt answer may take in real time: 68 s was seen under the thread sanitizer with
/// the whole suite on two cores; the stalls and limits the tests set against it are 1,000 s.
let promptBound = Duration.seconds(300)

func liveClient(
  _ server: StubHTTPServer, token: String? = nil, timeout: Int = 30,
  deadline: Duration = .seconds(60), maxResponseBytes: Int = 8 << 20
) -> GitHubClient {
  .live(configuration: configuration(server.baseURL, token, timeout, deadline, maxResponseBytes))
}

func configuration(
  _ baseURL: URL, _ token: String? = nil, _ timeout: Int = 30, _ deadline: Duration = .seconds(60),
  _ maxResponseBytes: Int = 8 << 20
) -> GitHubClient.Configuration {
  StubHTTPServer.bypassProxiesForLoopback()
  return GitHubClient.Configuration(
    baseURL: baseURL, token: token, timeout: timeout, deadline: deadline,
    maxResponseBytes: maxResponseBytes)
}

/// The page or the typed error of one search.
func search(_ client: GitHubClient, _ query: SearchQuery) async -> Result<SearchPage, GitHubError> {
  do throws(GitHubError) {
    return .success(try await client.searchRepositories(query))
  } catch {
    return .failure(error)
  }
}

/// The typed error of a search that must fail, or nil (and a recorded issue) if it succeeded.
func searchError(
  _ client: GitHubClient, _ query: SearchQuery = SearchQuery(text: "swift"),
  sourceLocation: SourceLocation = #_sourceLocation
) async -> GitHubError? {
  switch await search(client, query) {
  case let .failure(error): return error
  case let .success(page):
    Issue.record("expected an error, got \(page.items.count) items", sourceLocation: sourceLocation)
    return nil
  }
}

/// The page of a search that must succeed, or nil (and a recorded issue) if it failed.
func searchPage(
  _ client: GitHubClient, _ query: SearchQuery = SearchQuery(text: "swift"),
  sourceLocation: SourceLocation = #_sourceLocation
) async -> SearchPage? {
  switch await search(client, query) {
  case let .success(page): return page
  case let .failure(error):
    Issue.record("expected a page, got \(error)", sourceLocation: sourceLocation)
    return nil
  }
}

/// How long `work` took.
func elapsed(_ work: () async -> Void) async -> Duration {
  let start = ContinuousClock.now
  await work()
  return ContinuousClock.now - start
}
