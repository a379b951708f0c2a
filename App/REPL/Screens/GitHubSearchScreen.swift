import AppRoot
import GitHubClient
import GitHubSearchFeature

extension Screen {
  static let gitHubSearch = Screen(
    name: "github",
    summary: "search GitHub repositories",
    initial: { .gitHubSearch(GitHubSearch.State()) },
    commands: [
      Command("search", "QUERY", "search repositories", example: "search language:swift actor") {
        arguments throws(CommandError) in
        .gitHubSearch(.search(try arguments.rest(after: 0, named: "QUERY", usage: "search QUERY")))
      },
      .simple("next", "the next page", .gitHubSearch(.nextPage)),
      .simple("prev", "the previous page", .gitHubSearch(.previousPage)),
      Command("open", "N", "details of result N", example: "open 1") {
        arguments throws(CommandError) in
        .gitHubSearch(.select(position: try arguments.number(0, named: "N", usage: "open N")))
      },
      Command("sort", "stars|updated|best-match", "order the results", example: "sort stars") {
        arguments throws(CommandError) in
        guard arguments.words.count == 1, let sort = SearchQuery.Sort(rawValue: arguments.words[0])
        else {
          throw CommandError(
            "Expected 'sort stars', 'sort updated' or 'sort best-match', got '\(arguments.text.clipped())'."
          )
        }
        return .gitHubSearch(.setSort(sort))
      },
    ],
    render: renderGitHubSearch,
    notice: { action, current in
      guard case .gitHubSearch(.searchResponse) = action, case let .gitHubSearch(state) = current
      else {
        return nil
      }
      if let failure = state.failure { return "github: \(failure)" }
      let heading =
        "github: \(state.totalCount) result(s) for '\(state.query.clipped())', page \(state.page)"
      return ([heading] + resultLines(state)).joined(separator: "\n")
    },
    interrupt: { current in
      guard case let .gitHubSearch(state) = current, state.isLoading else { return nil }
      return .gitHubSearch(.cancelSearch)
    })

  static func renderGitHubSearch(_ current: Root.State.Current) -> [String] {
    guard case let .gitHubSearch(state) = current else { return [] }
    if let repository = state.selected {
      return [
        repository.fullName,
        "  \(repository.description ?? "(no description)")",
        "  language: \(repository.language ?? "-")  stars: \(repository.stars)  forks: \(repository.forks)",
        "  license: \(repository.license ?? "-")  updated: \(repository.updatedAt)",
        "  \(repository.htmlURL)",
      ]
    }
    var lines: [String] = []
    if state.query.isEmpty {
      lines.append("no search yet: try 'search swift'")
    } else if state.isLoading {
      lines.append("searching '\(state.query.clipped())'…")
    } else if state.results.isEmpty, state.failure != nil || state.refusal != nil {
      // NOTE: a failed search has no count: "0 result(s)" would say GitHub found nothing.
      lines.append(
        "'\(state.query.clipped())' sorted by \(state.sort.rawValue): no results to show")
    } else {
      let pages = state.lastPage.map { " of \($0)" } ?? ""
      lines.append(
        "'\(state.query.clipped())' sorted by \(state.sort.rawValue): \(state.totalCount) result(s), page \(state.page)\(pages)"
      )
      lines += resultLines(state)
    }
    if let caveat = state.caveat { lines.append("note: \(caveat)") }
    return lines + problemLines(failure: state.failure, refusal: state.refusal)
  }

  /// `  1. owner/name  ★12  Swift`, one line per result.
  static func resultLines(_ state: GitHubSearch.State) -> [String] {
    state.results.enumerated().map { index, repository in
      let language = repository.language.map { "  \($0)" } ?? ""
      return "  \(index + 1). \(repository.fullName)  ★\(repository.stars)\(language)"
    }
  }
}
