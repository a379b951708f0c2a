import ClientSupport

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

/// One page of a repository search, in the form every client sends: the text trimmed, the page
/// at least 1, and the page size within ``ResultCap/perPageRange``, however it was set.
public struct SearchQuery: Equatable, Hashable, Sendable {
  public enum Sort: String, CaseIterable, Sendable, Codable {
    case bestMatch = "best-match"
    case stars
    case updated
  }

  /// The direction of a sort; GitHub ignores it for best match.
  public enum Order: String, CaseIterable, Sendable, Codable {
    case descending = "desc"
    case ascending = "asc"
  }

  /// Keywords and qualifiers, as typed (`language:c++ stars:>10`) but trimmed.
  public var text: String {
    get { trimmedText }
    set { trimmedText = newValue.trimmingWhitespace() }
  }
  public var sort: Sort
  /// Sent only with an explicit sort (stars, updated).
  public var order: Order
  /// 1-based; a smaller number is read as 1.
  public var page: Int {
    get { validPage }
    set { validPage = ResultCap.clampedPage(newValue) }
  }
  /// Clamped to ``ResultCap/perPageRange``.
  public var perPage: Int {
    get { validPerPage }
    set { validPerPage = ResultCap.clampedPerPage(newValue) }
  }

  private var trimmedText: String
  private var validPage: Int
  private var validPerPage: Int

  public init(
    text: String, sort: Sort = .bestMatch, page: Int = 1, perPage: Int = 10,
    order: Order = .descending
  ) {
    trimmedText = text.trimmingWhitespace()
    self.sort = sort
    validPage = ResultCap.clampedPage(page)
    validPerPage = ResultCap.clampedPerPage(perPage)
    self.order = order
  }
}

extension SearchQuery: CustomReflectable {
  /// The public fields, so `dump`, debug logs and state diffs show `text`, `page`, `perPage`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["text": text, "sort": sort, "order": order, "page": page, "perPage": perPage],
      displayStyle: .struct)
  }
}

// NOTE: written by hand, in the public fields' names, so that a decoded query goes through the
// same trimming and clamping as one built in code (the stored fields are private).
extension SearchQuery: Codable {
  private enum CodingKeys: String, CodingKey { case text, sort, order, page, perPage }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      text: try container.decode(String.self, forKey: .text),
      sort: try container.decode(Sort.self, forKey: .sort),
      page: try container.decode(Int.self, forKey: .page),
      perPage: try container.decode(Int.self, forKey: .perPage),
      order: try container.decode(Order.self, forKey: .order))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(text, forKey: .text)
    try container.encode(sort, forKey: .sort)
    try container.encode(order, forKey: .order)
    try container.encode(page, forKey: .page)
    try container.encode(perPage, forKey: .perPage)
  }
}
