/// GitHub's 1,000-result limit per search and the page arithmetic around it: the one place
/// the cap and the per-page range are written.
public enum ResultCap {
  /// No search reaches past this many results, whatever `total_count` says.
  public static let maxResults = 1_000

  /// ``maxResults`` as messages spell it: `1,000`.
  public static let maxResultsText = grouped(maxResults)

  /// The per-page sizes GitHub accepts.
  public static let perPageRange = 1...100

  /// `page` as GitHub counts it: from 1.
  public static func clampedPage(_ page: Int) -> Int { max(page, 1) }

  /// `perPage` as GitHub accepts it: 1...100.
  public static func clampedPerPage(_ perPage: Int) -> Int {
    min(max(perPage, perPageRange.lowerBound), perPageRange.upperBound)
  }

  /// True when the page starts at or past the cap, where GitHub answers 422.
  public static func isBeyond(page: Int, perPage: Int) -> Bool {
    // NOTE: the page may come from a person or the network: a product past Int.max is beyond.
    let (start, overflow) = (clampedPage(page) - 1).multipliedReportingOverflow(
      by: clampedPerPage(perPage))
    return overflow || start >= maxResults
  }

  /// The last page a search of `totalCount` results can reach, or 0 when it has none.
  public static func lastReachablePage(totalCount: Int, perPage: Int) -> Int {
    let reachable = min(max(totalCount, 0), maxResults)
    let size = clampedPerPage(perPage)
    return (reachable + size - 1) / size
  }

  /// Whether a page after `page` may be asked for: GitHub linked one, and it starts before the
  /// cap.
  public static func hasPage(after page: SearchPage) -> Bool {
    page.nextPage != nil && page.query.page < .max
      && !isBeyond(page: page.query.page + 1, perPage: page.query.perPage)
  }

  private static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }
}
