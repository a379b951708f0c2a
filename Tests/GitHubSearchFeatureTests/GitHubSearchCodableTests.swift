import Foundation
import GitHubClient
import GitHubSearchFeature
import TestSupport
import Testing

/// The search's state and actions survive a recording, every GitHub error included.
@Suite struct GitHubSearchCodableTests {
  static let errors: [GitHubError] = [
    .rateLimited(resetAt: 1_700_000_000, retryAfter: nil, authenticated: false),
    .rateLimited(resetAt: nil, retryAfter: 30, authenticated: true), .validation("bad query"),
    .unauthorized, .server(status: 503), .unexpectedStatus(418), .cannotConnect(host: "api"),
    .timedOut(after: .milliseconds(1_500)), .malformedResponse("truncated"), .beyondResultCap,
    .cancelled, .unimplemented("search"),
  ]
  static let repository = Repository(
    id: .max, fullName: "apple/swift", owner: "apple", description: nil, language: "C++",
    stars: 60_000, forks: 10_000, license: "Apache-2.0", htmlURL: "https://github.com/apple/swift",
    updatedAt: "2026-01-01T00:00:00Z")
  static let page = SearchPage(
    query: SearchQuery(text: "swift", sort: .stars, page: 2, perPage: 30, order: .ascending),
    items: [repository], totalCount: 12_345, incompleteResults: true, nextPage: 3,
    previousPage: 1, lastPage: 34)

  @Test func everyActionRoundTrips() throws {
    var actions: [GitHubSearch.Action] = [
      .search("language:swift actor"), .nextPage, .previousPage, .select(position: 3), .deselect,
      .cancelSearch, .searchResponse(.success(Self.page)),
    ]
    actions += SearchQuery.Sort.allCases.map(GitHubSearch.Action.setSort)
    actions += Self.errors.map { .searchResponse(.failure($0)) }
    for action in actions { #expect(try roundTripped(action) == action) }
  }

  @Test func theStateRoundTripsWithResultsFailureAndLockout() throws {
    var shown = GitHubSearch.State()
    shown.query = "swift"
    shown.sort = .updated
    shown.page = 2
    shown.results = [Self.repository]
    shown.totalCount = 12_345
    shown.lastPage = 34
    shown.hasNextPage = true
    shown.hasPreviousPage = true
    shown.request = Self.page.query
    shown.caveat = "GitHub's search timed out."
    shown.selected = Self.repository
    var limited = GitHubSearch.State()
    limited.failure = GitHubSearch.Failure(Self.errors[0], pause: 60)
    limited.rateLimitedUntil = Date(timeIntervalSince1970: 1_700_000_000.25)
    limited.refusal = "Searching is paused."
    for state in [GitHubSearch.State(), shown, limited] {
      #expect(try roundTripped(state) == state)
    }
  }

  @Test func aDecodedQueryIsTrimmedAndClampedAsABuiltOneIs() throws {
    let json = #"{"text":"  swift  ","sort":"stars","order":"desc","page":-5,"perPage":100000}"#
    let query = try JSONDecoder().decode(SearchQuery.self, from: Data(json.utf8))
    #expect(query == SearchQuery(text: "swift", sort: .stars, page: -5, perPage: 100_000))
    #expect(query.page == 1)
    #expect(query.text == "swift")
  }
}
