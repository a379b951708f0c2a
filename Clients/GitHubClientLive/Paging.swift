import ClientSupport
import Foundation
import GitHubClient

extension PageLinks {
  /// Drops links past the result cap: `next` only when reachable, `last` clamped to the cap.
  func clamped(perPage: Int) -> PageLinks {
    let lastAllowed = ResultCap.lastReachablePage(
      totalCount: ResultCap.maxResults, perPage: perPage)
    var links = self
    if let next = links.next, next > lastAllowed { links.next = nil }
    if let last = links.last { links.last = min(last, lastAllowed) }
    return links
  }
}

/// Page numbers taken from a `link` header.
struct PageLinks: Equatable, Sendable {
  var next: Int?
  var previous: Int?
  var last: Int?

  /// Parses `<url?page=2>; rel="next", <url?page=9>; rel="last"`; unknown parts are skipped.
  init(linkHeader: String?) {
    guard let linkHeader else { return }
    for part in linkHeader.split(separator: ",") {
      let fields = part.split(separator: ";").map { $0.trimmingWhitespace() }
      guard let target = fields.first, target.hasPrefix("<"), target.hasSuffix(">"),
        let page = Self.page(in: String(target.dropFirst().dropLast()))
      else { continue }
      for relation in fields.dropFirst().flatMap(Self.relations(in:)) {
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

  private static func page(in url: String) -> Int? {
    let items = URLComponents(string: url)?.queryItems ?? []
    return items.last { $0.name == "page" }?.value.flatMap { Int($0) }
  }

  /// `rel="next last"` names two relations; the quotes are optional.
  private static func relations(in parameter: String) -> [String] {
    let pair = parameter.split(separator: "=", maxSplits: 1)
    guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "rel"
    else { return [] }
    let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    return value.lowercased().split(separator: " ").map(String.init)
  }
}
