import GitHubClient

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension GitHubSearch.State {
  /// How long searching pauses after a rate limit that names no reset time (GitHub's search
  /// limits are per minute).
  static let defaultLockout: TimeInterval = 60
  /// The longest pause a rate limit can impose: GitHub's limits reset within the hour, so a
  /// longer `Retry-After` or reset time is a broken or hostile answer.
  static let maxLockout: TimeInterval = 3_600
  static let searchFirst = "Search for something first."

  func searchQuery(page: Int, perPage: Int) -> SearchQuery {
    SearchQuery(text: query, sort: sort, page: page, perPage: perPage)
  }

  mutating func clearResults() {
    page = 1
    results = []
    totalCount = 0
    lastPage = nil
    hasNextPage = false
    hasPreviousPage = false
    caveat = nil
    selected = nil
  }

  mutating func show(_ answer: SearchPage) {
    let query = answer.query
    page = query.page
    results = answer.items
    totalCount = answer.totalCount
    lastPage = answer.lastPage
    hasNextPage = ResultCap.hasPage(after: answer)
    hasPreviousPage = query.page > 1
    selected = nil
    refusal = nil
    failure = nil
    var notes: [String] = []
    if answer.totalCount > ResultCap.maxResults {
      notes.append(
        "GitHub found \(answer.totalCount) repositories but shows only the first "
          + "\(ResultCap.maxResultsText);"
          + " refine the query to reach the rest.")
    }
    if let outOfRange = answer.outOfRange {
      notes.append("Some numbers in GitHub's answer were out of range: \(outOfRange).")
    }
    if answer.incompleteResults {
      notes.append("GitHub's search timed out, so these results may be incomplete.")
    }
    caveat = notes.isEmpty ? nil : notes.joined(separator: " ")
  }

  func nextPageRefusal(perPage: Int) -> String? {
    if hasNextPage { return nil }
    if query.isEmpty { return Self.searchFirst }
    let (shown, overflow) = page.multipliedReportingOverflow(by: perPage)
    let moreFound = !overflow && totalCount > shown
    if page == .max || ResultCap.isBeyond(page: page + 1, perPage: perPage), moreFound {
      return GitHubError.beyondResultCap.description
    }
    return "There is no next page."
  }

  func selectionRefusal(_ position: Int) -> String {
    results.isEmpty
      ? "There are no results to select."
      : "There is no result \(position) on this page; choose 1 to \(results.count)."
  }

  mutating func lockOut(resetAt: Int?, retryAfter: Int?, now: Date) {
    let latest = now.addingTimeInterval(Self.maxLockout)
    let asked =
      retryAfter.map { now.addingTimeInterval(TimeInterval($0)) }
      ?? resetAt.map { Date(timeIntervalSince1970: TimeInterval($0)) }
      ?? now.addingTimeInterval(Self.defaultLockout)
    let until = min(asked, latest)
    guard until > now else { return }
    rateLimitedUntil = until
    failure?.pause = Self.seconds(from: now, to: until)
  }

  func lockoutRefusal(now: Date) -> String? {
    guard let until = rateLimitedUntil, until > now else { return nil }
    return "Searching is paused by GitHub's rate limit for another "
      + "\(Self.seconds(from: now, to: until)) s."
  }

  /// Whole seconds, rounded up; bounded by `maxLockout`, so the conversion cannot trap.
  private static func seconds(from now: Date, to until: Date) -> Int {
    Int(min(max(until.timeIntervalSince(now), 0), maxLockout).rounded(.up))
  }
}
