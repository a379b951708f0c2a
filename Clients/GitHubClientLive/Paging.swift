import ClientSupport
import Foundation
import GitHubClient

extension PageLinks {
  /// Drops links past the result cap: `next` and `previous` only when reachable, `last` clamped
  /// to the cap.
  func clamped(perPage: Int) -> PageLinks {
    let lastAllowed = ResultCap.lastReachablePage(
      totalCount: ResultCap.maxResults, perPage: perPage)
    var links = self
    if let next = links.next, next > lastAllowed { links.next = nil }
    if let previous = links.previous, previous > lastAllowed { links.previous = nil }
    if let last = links.last { links.last = min(last, lastAllowed) }
    return links
  }
}

/// Page numbers taken from a `link` header.
struct PageLinks: Equatable, Sendable {
  var next: Int?
  var previous: Int?
  var last: Int?

  /// Parses `<url?page=2>; rel="next", <url?page=9>; rel="last"`; unknown parts are skipped, and
  /// so are pages below 1.
  init(linkHeader: String?) {
    guard let linkHeader else { return }
    for (target, parameters) in Self.entries(linkHeader) {
      guard let page = Self.page(in: target) else { continue }
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

  private static func page(in url: String) -> Int? {
    let items = URLComponents(string: url)?.queryItems ?? []
    return items.last { $0.name == "page" }?.value.flatMap(ServerNumbers.page)
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
