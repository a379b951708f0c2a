extension GitHubClient {
  /// An offline client over ``Repository/fixtures``, with the live client's paging and cap.
  public static let fixture = GitHubClient.fixture(searching: Repository.fixtures)

  /// An offline client over `repositories`.
  ///
  /// Every word must appear (case-insensitively) in the name, owner, description or language;
  /// `language:x` and `user:x` (or `org:x`) must match exactly; other qualifiers are ignored, so
  /// a query of only those (`stars:>100`) matches every repository.
  public static func fixture(searching repositories: [Repository]) -> GitHubClient {
    GitHubClient { query throws(GitHubError) in
      if Task.isCancelled { throw .cancelled }
      return try FixtureSearch(repositories: repositories).page(for: query)
    }
  }
}

/// The search behind ``GitHubClient/fixture``, kept apart so it stays a pure function.
struct FixtureSearch {
  var repositories: [Repository]

  func page(for query: SearchQuery) throws(GitHubError) -> SearchPage {
    let filter = Filter(query.text)
    guard !filter.isEmpty else { throw .emptyQuery }
    guard !ResultCap.isBeyond(page: query.page, perPage: query.perPage) else {
      throw .beyondResultCap
    }
    let matches = sorted(repositories.filter(filter.matches), by: query, filter: filter)
    let lastPage = ResultCap.lastReachablePage(totalCount: matches.count, perPage: query.perPage)
    let start = (query.page - 1) * query.perPage
    let end = min(start + query.perPage, matches.count)
    let items = start < end ? Array(matches[start..<end]) : []
    // Like GitHub's `link`: nothing when one page holds all; no next/last on the last page.
    let multiPage = lastPage > 1
    return SearchPage(
      query: query, items: items, totalCount: matches.count,
      nextPage: multiPage && query.page < lastPage ? query.page + 1 : nil,
      previousPage: multiPage && query.page > 1 ? query.page - 1 : nil,
      lastPage: multiPage && query.page < lastPage ? lastPage : nil)
  }

  private func sorted(_ matches: [Repository], by query: SearchQuery, filter: Filter)
    -> [Repository]
  {
    let ascending = query.order == .ascending
    return matches.sorted { a, b in
      switch query.sort {
      case .bestMatch:
        let (rankA, rankB) = (filter.rank(a), filter.rank(b))
        if rankA != rankB { return rankA < rankB }
        if a.stars != b.stars { return a.stars > b.stars }
      case .stars:
        if a.stars != b.stars { return ascending ? a.stars < b.stars : a.stars > b.stars }
      case .updated:
        if a.updatedAt != b.updatedAt {
          return ascending ? a.updatedAt < b.updatedAt : a.updatedAt > b.updatedAt
        }
      }
      return a.fullName.lowercased() < b.fullName.lowercased()
    }
  }
}

/// The words and qualifiers of a query, lowercased.
private struct Filter {
  var words: [String] = []
  var language: String?
  var owner: String?
  /// No token at all: the text was empty.
  var isEmpty = true

  init(_ text: String) {
    for token in text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init) {
      isEmpty = false
      guard let colon = token.firstIndex(of: ":"), colon != token.startIndex else {
        words.append(token)
        continue
      }
      let value = String(token[token.index(after: colon)...])
      switch token[..<colon] {
      case "language": language = value
      case "user", "org": owner = value
      default: break
      }
    }
  }

  func matches(_ repository: Repository) -> Bool {
    if let language, repository.language?.lowercased() != language { return false }
    if let owner, repository.owner.lowercased() != owner { return false }
    let haystack = [
      repository.fullName, repository.description ?? "", repository.language ?? "",
    ].joined(separator: "\n").lowercased()
    return words.allSatisfy { haystack.contains($0) }
  }

  /// 0 when a word is the repository's name, 1 when in the name, 2 otherwise.
  func rank(_ repository: Repository) -> Int {
    let name = repository.fullName.split(separator: "/").last.map { $0.lowercased() } ?? ""
    if words.contains(name) { return 0 }
    return words.contains { name.contains($0) } ? 1 : 2
  }
}
