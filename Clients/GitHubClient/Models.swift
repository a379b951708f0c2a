/// A repository as the search shows it.
public struct Repository: Equatable, Hashable, Sendable, Codable, Identifiable {
  public var id: Int64
  public var fullName: String
  public var owner: String
  public var description: String?
  public var language: String?
  public var stars: Int
  public var forks: Int
  public var license: String?
  public var htmlURL: String
  public var updatedAt: String

  public init(
    id: Int64, fullName: String, owner: String, description: String?, language: String?,
    stars: Int, forks: Int, license: String?, htmlURL: String, updatedAt: String
  ) {
    self.id = id
    self.fullName = fullName
    self.owner = owner
    self.description = description
    self.language = language
    self.stars = stars
    self.forks = forks
    self.license = license
    self.htmlURL = htmlURL
    self.updatedAt = updatedAt
  }
}

/// One page of search results.
public struct SearchPage: Equatable, Sendable, Codable {
  public var query: SearchQuery
  public var items: [Repository]
  /// What GitHub reports; may exceed the 1,000 results it lets a search reach.
  public var totalCount: Int
  /// The server's search timed out: the results are partial but valid.
  public var incompleteResults: Bool
  /// Page numbers from the `link` header.
  public var nextPage: Int?
  public var previousPage: Int?
  public var lastPage: Int?
  /// Which of the server's numbers were out of range, and how each was read (bounded or
  /// ignored), to be said beside the results; nil when every number made sense.
  public var outOfRange: String?

  public init(
    query: SearchQuery, items: [Repository], totalCount: Int, incompleteResults: Bool = false,
    nextPage: Int? = nil, previousPage: Int? = nil, lastPage: Int? = nil,
    outOfRange: String? = nil
  ) {
    self.query = query
    self.items = items
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
    self.nextPage = nextPage
    self.previousPage = previousPage
    self.lastPage = lastPage
    self.outOfRange = outOfRange
  }
}
