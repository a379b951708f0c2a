import ClientSupport
import Foundation
import GitHubClient

extension PageLinks {
  /// Drops links past what the server's `total_count` can fill, and past the result cap:
  /// `next` and `previous` only when reachable, `last` clamped to the cap.
  func clamped(perPage: Int, totalCount: Int) -> PageLinks {
    let lastAllowed = ResultCap.lastReachablePage(
      totalCount: ResultCap.maxResults, perPage: perPage)
    let lastFilled = Self.lastFilled(perPage: perPage, totalCount: totalCount)
    func kept(_ page: Int?) -> Int? { page.flatMap { $0 > lastFilled ? nil : $0 } }
    var links = self
    links.next = kept(next).flatMap { $0 > lastAllowed ? nil : $0 }
    links.previous = kept(previous).flatMap { $0 > lastAllowed ? nil : $0 }
    links.last = kept(last).map { min($0, lastAllowed) }
    return links
  }

  /// What was wrong with the header's pages, said instead of silently dropped: texts that are
  /// not page numbers, and pages past what the server's own `total_count` can fill.
  func problems(perPage: Int, totalCount: Int) -> [String] {
    let lastFilled = Self.lastFilled(perPage: perPage, totalCount: totalCount)
    let beyond = Set([next, previous, last].compactMap { $0 }.filter { $0 > lastFilled })
    return ignored.map { "link page \(ServerNumbers.quoted($0)) is not a page number; ignored" }
      + beyond.sorted().map { "link page \($0) is past the last page, \(lastFilled); ignored" }
  }

  /// The last page `totalCount` results fill, cap or no cap (GitHub's links may go up to it).
  private static func lastFilled(perPage: Int, totalCount: Int) -> Int {
    let (total, size) = (max(totalCount, 0), ResultCap.clampedPerPage(perPage))
    return total / size + (total % size == 0 ? 0 : 1)
  }
}

/// Page numbers taken from a `link` header.
struct PageLinks: Equatable, Sendable {
  var next: Int?
  var previous: Int?
  var last: Int?
  /// The `page` texts of links that are not page numbers (below 1, or not digits).
  var ignored: [String] = []

  /// Parses `<url?page=2>; rel="next", <url?page=9>; rel="last"`; unknown parts are skipped, and
  /// so are pages below 1.
  init(linkHeader: String?) {
    guard let linkHeader else { return }
    for (target, parameters) in Self.entries(linkHeader) {
      guard let text = Self.pageText(in: target) else { continue }
      guard let page = ServerNumbers.page(text) else {
        if !ignored.contains(text) { ignored.append(text) }
        continue
      }
      for relation in parameters.split(separator: ";").flatMap(Self.relations(in:)) {
        switch relation {
        case "next": next = page
        case "prev", "previous": previous = page
        case "last": last = page
        default: break
        }
      }
    }
  }

  init(next: Int? = nil, previous: Int? = nil, last: Int? = nil) {
    self.next = next
    self.previous = previous
    self.last = last
  }

  /// Each `<target>` with the parameters after it, up to the next target.
  ///
  /// NOTE: RFC 8288 allows `,` and `;` inside `<…>`; GitHub percent-encodes them, others need not,
  /// so the header is split only outside the brackets.
  private static func entries(_ header: String) -> [(target: String, parameters: Substring)] {
    var entries: [(target: String, parameters: Substring)] = []
    var rest = header[...]
    while let open = rest.firstIndex(of: "<"),
      let close = rest[open...].firstIndex(of: ">")
    {
      let target = String(rest[rest.index(after: open)..<close])
      rest = rest[rest.index(after: close)...]
      let end = rest.firstIndex(of: "<") ?? rest.endIndex
      entries.append((target, rest[..<end]))
      rest = rest[end...]
    }
    return entries
  }

  private static func pageText(in url: String) -> String? {
    let items = URLComponents(string: url)?.queryItems ?? []
    return items.last { $0.name == "page" }?.value
  }

  /// `rel="next last"` names two relations; the quotes are optional.
  private static func relations(in parameter: Substring) -> [String] {
    let pair = parameter.split(separator: "=", maxSplits: 1)
    guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "rel"
    else { return [] }
    let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" ,"))
    return value.lowercased().split(separator: " ").map(String.init)
  }
}
