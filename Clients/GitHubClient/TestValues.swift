import ClientSupport

extension GitHubClient {
  /// Fails the test on any search, naming it, for tests that must not search.
  public static let unimplemented = GitHubClient(
    searchRepositories: Unimplemented.endpoint("GitHubClient.searchRepositories"))

  /// Answers every search with `page`, its query replaced by the one asked.
  public static func mock(_ page: SearchPage = .mock) -> GitHubClient {
    GitHubClient { query throws(GitHubError) in
      var page = page
      page.query = query
      return page
    }
  }
}

extension SearchPage {
  /// A small page of two repositories.
  public static let mock = SearchPage(
    query: SearchQuery(text: "swift"),
    items: [.mockActomaton, .mockCasePaths],
    totalCount: 2)
}

extension Repository {
  public static let mockActomaton = Repository(
    id: 1, fullName: "actomaton/actomaton", owner: "actomaton",
    description: "Actor-based state machine", language: "Swift", stars: 500, forks: 20,
    license: "MIT", htmlURL: "https://github.com/actomaton/actomaton",
    updatedAt: "2026-10-01T12:00:00Z")

  public static let mockCasePaths = Repository(
    id: 2, fullName: "example/case-paths", owner: "example", description: nil, language: nil,
    stars: 42, forks: 3, license: nil, htmlURL: "https://github.com/example/case-paths",
    updatedAt: "2026-09-12T08:30:00Z")
}
