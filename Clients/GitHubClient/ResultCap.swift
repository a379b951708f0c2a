/// GitHub's 1,000-result limit per search and the page arithmetic around it: the one place
/// the cap and the per-page range are written.
public enum ResultCap {
  /// No search reaches past this many results, whatever `total_count` says.
  public static let maxResults = 1_000

  /// The per-page sizes GitHub accepts.
  public static let perPageRange = 1...100

  /// `perPage` as GitHub accepts it: 1...100.
  public static func clampedPerPage(_ perPage: Int) -> Int {
    min(max(perPage, perPageRange.lowerBound), perPageRange.upperBound)
  }

  /// True when the page starts at or past the cap, where GitHub answers 422.
  public static func isBeyond(page: Int, perPage: Int) -> Bool {
    (max(page, 1) - 1) * clampedPerPage(perPage) >= maxResults
  }

  /// The last page a search of `totalCount` results can reach, or 0 when it has none.
  public static func lastReachablePage(totalCount: Int, perPage: Int) -> Int {
    let reachable = min(max(totalCount, 0), maxResults)
    let size = clampedPerPage(perPage)
    return (reachable + size - 1) / size
  }
}
