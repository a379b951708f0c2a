import Foundation

/// Response bodies shaped like GitHub's (trimmed: real items carry about 80 fields).
enum SampleJSON {
  /// A search result page around `items`.
  static func page(total: Int, incomplete: Bool = false, items: [String]) -> String {
    """
    {"total_count": \(total), "incomplete_results": \(incomplete),
     "items": [\(items.joined(separator: ",\n"))]}
    """
  }

  /// One repository item; `owner: false` sends `"owner": null`.
  static func item(
    id: Int64, fullName: String, owner: Bool = true, description: String? = "A repository",
    language: String? = "Swift", stars: Int = 10, forks: Int = 1,
    license: String? = #"{"key":"mit","name":"MIT License","spdx_id":"MIT","url":null}"#
  ) -> String {
    let login = String(fullName.prefix { $0 != "/" })
    let ownerJSON =
      owner
      ? #"{"login":"\#(login)","id":4242,"type":"User","site_admin":false,"#
        + #""avatar_url":"https://avatars.githubusercontent.com/u/4242?v=4"}"#
      : "null"
    return """
      {"id": \(id), "node_id": "R_kgDO\(id)", "name": "\(fullName.split(separator: "/").last!)",
       "full_name": "\(fullName)", "private": false, "owner": \(ownerJSON),
       "html_url": "https://github.com/\(fullName)", "description": \(quoted(description)),
       "fork": false, "url": "https://api.github.com/repos/\(fullName)",
       "created_at": "2021-02-03T04:05:06Z", "updated_at": "2026-10-01T12:00:00Z",
       "pushed_at": "2026-10-01T11:59:00Z", "homepage": null, "size": 1234,
       "stargazers_count": \(stars), "watchers_count": \(stars), "language": \(quoted(language)),
       "forks_count": \(forks), "open_issues_count": 3, "default_branch": "main",
       "topics": ["cli", "swift"], "archived": false, "disabled": false, "visibility": "public",
       "license": \(license ?? "null"), "forks": \(forks), "watchers": \(stars), "score": 1.0}
      """
  }

  /// The page the notes show: a full item and one with nulls everywhere they are allowed.
  static let realisticPage = page(
    total: 3,
    items: [
      item(id: 918_273_645, fullName: "octo-dev/ghsearch", stars: 1_287, forks: 64),
      item(
        id: 102_938_475, fullName: "jdoe/dotfiles", owner: false, description: nil,
        language: nil, stars: 3, forks: 0, license: nil),
      item(
        id: 5, fullName: "someone/odd-license",
        license: #"{"key":"other","name":"Other","spdx_id":"NOASSERTION","url":null}"#),
    ])

  static func quoted(_ text: String?) -> String {
    guard let text else { return "null" }
    let data = try! JSONEncoder().encode(text)
    return String(decoding: data, as: UTF8.self)
  }
}
