import ClientSupport
import Foundation
import GitHubClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns an HTTP answer into a page or a ``GitHubError``; URLSession never throws for a status.
struct ResponseMapping {
  var query: SearchQuery
  var authenticated: Bool

  func page(from data: Data, _ response: HTTPURLResponse) throws(GitHubError) -> SearchPage {
    let status = response.statusCode
    switch status {
    case 200..<300: return try decodePage(data, response)
    case 401: throw .unauthorized
    case 403, 429:
      if let limited = rateLimit(response, status: status, data: data) { throw limited }
      throw .unexpectedStatus(status)
    case 422: throw .validation(Self.validationMessage(data))
    case 500..<600: throw .server(status: status)
    default: throw .unexpectedStatus(status)
    }
  }

  // MARK: - Success

  private func decodePage(_ data: Data, _ response: HTTPURLResponse) throws(GitHubError)
    -> SearchPage
  {
    if let type = response.value(forHTTPHeaderField: "Content-Type"),
      !type.lowercased().contains("json")
    {
      throw .malformedResponse("expected JSON but got \(Self.mediaType(type)).")
    }
    let body: SearchBody
    do {
      body = try Self.decoder.decode(SearchBody.self, from: data)
    } catch {
      if let path = ServerNumbers.outOfRangeNumber(in: data) {
        throw .malformedResponse("the number at \(path) is out of range.")
      }
      throw .malformedResponse(Self.explain(error))
    }
    let links = PageLinks(linkHeader: response.value(forHTTPHeaderField: "Link"))
    let (total, perPage) = (body.totalCount, query.perPage)
    let problems =
      (total < 0 ? ["total_count \(total) is negative; read as 0"] : [])
      + Self.negativeCounts(body.items)
      + links.problems(perPage: perPage, totalCount: total)
    let kept = links.clamped(perPage: perPage, totalCount: total)
    return SearchPage(
      query: query, items: body.items.map(\.repository), totalCount: max(0, total),
      incompleteResults: body.incompleteResults ?? false, nextPage: kept.next,
      previousPage: kept.previous, lastPage: kept.last,
      outOfRange: problems.isEmpty ? nil : problems.joined(separator: "; "))
  }

  /// One line for every item with a negative count: a page holds up to 100 of them.
  private static func negativeCounts(_ items: [Item]) -> [String] {
    let odd = items.filter(\.hasNegativeCount)
    guard let first = odd.first else { return [] }
    let who =
      odd.count == 1 ? "\(ServerNumbers.quoted(first.fullName)) has" : "\(odd.count) items have"
    return ["\(who) a negative stargazers_count or forks_count; read as 0"]
  }

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }()

  private static func mediaType(_ contentType: String) -> String {
    let type = contentType.split(separator: ";").first.map(String.init) ?? contentType
    return String(type.trimmingWhitespace().prefix(60))
  }

  private static func explain(_ error: any Error) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map(String.init) ?? wireName($0) }
      return keys.isEmpty ? "the top level" : "'" + keys.joined(separator: ".") + "'"
    }
    switch error as? DecodingError {
    case let .keyNotFound(key, context)?:
      let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
      return "the field '\(wireName(key))' is missing\(parent)."
    case let .typeMismatch(_, context)?: return "a value has the wrong type at \(path(context))."
    case let .valueNotFound(_, context)?: return "a value is null at \(path(context))."
    case let .dataCorrupted(context)?:
      return context.codingPath.isEmpty
        ? "the body is not valid JSON." : "a value is invalid at \(path(context))."
    default: return "the body could not be decoded."
    }
  }

  /// `totalCount` back to `total_count`, as the JSON spells it.
  private static func wireName(_ key: any CodingKey) -> String {
    key.stringValue.reduce(into: "") { name, character in
      name += character.isUppercase ? "_" + character.lowercased() : String(character)
    }
  }

  // MARK: - Errors

  /// 403 is a rate limit only with its signs (no requests left, `retry-after`, or 429); the
  /// waits it asks for are bounded (``ServerNumbers``).
  private func rateLimit(_ response: HTTPURLResponse, status: Int, data: Data) -> GitHubError? {
    let now = Date()
    let reset = response.value(forHTTPHeaderField: "X-RateLimit-Reset").map {
      ServerNumbers.readReset($0, now: now)
    }
    let retryAfter = response.value(forHTTPHeaderField: "Retry-After").map {
      ServerNumbers.readRetryAfter($0, now: now)
    }
    let remaining = response.value(forHTTPHeaderField: "X-RateLimit-Remaining")
    let exhausted = remaining?.trimmingWhitespace() == "0"
    let saysSo = Self.message(data)?.lowercased().contains("rate limit") ?? false
    guard status == 429 || exhausted || retryAfter?.value != nil || saysSo else { return nil }
    let problems = [retryAfter?.problem, reset?.problem].compactMap { $0 }
    return .rateLimited(
      resetAt: reset?.value, retryAfter: retryAfter?.value, authenticated: authenticated,
      outOfRange: problems.isEmpty ? nil : problems.joined(separator: "; "))
  }

  private static func message(_ data: Data) -> String? {
    (try? JSONDecoder().decode(ErrorBody.self, from: data))?.message
  }

  /// GitHub's message, with the details of its `errors` array when it has one.
  static func validationMessage(_ data: Data) -> String {
    guard let body = try? JSONDecoder().decode(ErrorBody.self, from: data) else {
      return "Validation Failed"
    }
    let details = (body.errors ?? []).map { detail in
      detail.message ?? [detail.field, detail.code].compactMap { $0 }.joined(separator: " ")
    }.filter { !$0.isEmpty }
    let message = body.message ?? "Validation Failed"
    return shortened(details.isEmpty ? message : "\(message) (\(details.joined(separator: "; ")))")
  }

  /// A server's text as shown: at most `limit` characters (the REPL makes controls visible).
  static func shortened(_ text: String, limit: Int = 240) -> String {
    text.count <= limit ? text : text.prefix(limit - 1) + "…"
  }
}

// MARK: - Wire format

private struct SearchBody: Decodable {
  var totalCount: Int
  var incompleteResults: Bool?
  var items: [Item]
}

private struct Item: Decodable {
  struct Owner: Decodable { var login: String }
  struct License: Decodable {
    var spdxId: String?
    var name: String?
  }

  var id: Int64
  var fullName: String
  var owner: Owner?
  var description: String?
  var language: String?
  var stargazersCount: Int
  var forksCount: Int?
  var license: License?
  var htmlUrl: String
  var updatedAt: String?

  var hasNegativeCount: Bool { stargazersCount < 0 || (forksCount ?? 0) < 0 }

  var repository: Repository {
    let ownerName =
      owner?.login ?? fullName.split(separator: "/").first.map(String.init) ?? fullName
    let spdx = license?.spdxId.flatMap { $0 == "NOASSERTION" ? nil : $0 }
    return Repository(
      id: id, fullName: fullName, owner: ownerName, description: description,
      language: language, stars: max(0, stargazersCount), forks: max(0, forksCount ?? 0),
      license: spdx ?? license?.name, htmlURL: htmlUrl, updatedAt: updatedAt ?? "")
  }
}

private struct ErrorBody: Decodable {
  struct Detail: Decodable {
    var message: String?
    var field: String?
    var code: String?
  }
  var message: String?
  var errors: [Detail]?
}
