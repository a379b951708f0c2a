/// Searches GitHub repositories (a struct of closures, so tests and hosts can replace it).
///
/// The only error it throws is ``GitHubError``.
public struct GitHubClient: Sendable {
  public var searchRepositories: @Sendable (SearchQuery) async throws(GitHubError) -> SearchPage

  public init(
    searchRepositories: @escaping @Sendable (SearchQuery) async throws(GitHubError) -> SearchPage
  ) {
    self.searchRepositories = searchRepositories
  }
}

/// One page of a repository search.
public struct SearchQuery: Equatable, Hashable, Sendable {
  public enum Sort: String, CaseIterable, Sendable {
    case bestMatch = "best-match"
    case stars
    case updated
  }

  /// The direction of a sort; GitHub ignores it for best match.
  public enum Order: String, CaseIterable, Sendable {
    case descending = "desc"
    case ascending = "asc"
  }

  /// Keywords and qualifiers, as typed (`language:c++ stars:>10`).
  public var text: String
  public var sort: Sort
  /// Sent only with an explicit sort (stars, updated).
  public var order: Order
  /// 1-based.
  public var page: Int
  /// 1...100.
  public var perPage: Int

  public init(
    text: String, sort: Sort = .bestMatch, page: Int = 1, perPage: Int = 10,
    order: Order = .descending
  ) {
    self.text = text
    self.sort = sort
    self.page = page
    self.perPage = perPage
    self.order = order
  }
}
