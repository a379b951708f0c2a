import Actomaton
import ActomatonREPL
import AppRoot
import Foundation
import GitHubClient
import GitHubClientLive
import GitHubSearchFeature

extension Gallery {
  static let gitHubSearch = FeatureScreen<Gallery, GitHubSearch.State, GitHubSearch.Action>(
    name: "github",
    title: "GitHub search",
    summary: "search GitHub repositories",
    place: .screen(/Root.State.Screen.gitHubSearch, initial: GitHubSearch.State()),
    action: /Root.Action.gitHubSearch,
    commands: [
      Command("search", "QUERY", "search repositories", example: "search language:swift actor") {
        arguments throws(CommandError) in
        .search(try arguments.rest(after: 0, named: "QUERY", usage: "search QUERY"))
      },
      .simple("next", "the next page", .nextPage),
      .simple("prev", "the previous page", .previousPage),
      Command("open", .item(), "details of result N", example: "open 1") {
        arguments throws(CommandError) in
        try arguments.expectAtMost(1, usage: "open N")
        return .select(position: try arguments.number(0, named: "N", usage: "open N"))
      },
      .choice("sort", SearchQuery.Sort.self, "order the results", example: .stars) { .setSort($0) },
    ],
    render: renderGitHubSearch,
    notice: { action, state in
      guard case .searchResponse = action else { return nil }
      if let failure = state.failure { return "github: \(failure)" }
      // NOTE: worded by the screen's render, so results read alike whether they arrive at the
      // prompt or a command shows them.
      return "github: " + renderGitHubSearch(state).lines.joined(separator: "\n")
    },
    interrupt: { state in state.isLoading ? .cancelSearch : nil },
    abandon: { state in state.isLoading ? .cancelSearch : nil },
    itemCount: { $0.results.count },
    environment: ScreenEnvironment { surroundings -> GitHubSearch.Environment in
      let client =
        switch surroundings.live {
        case nil: GitHubClient.unimplemented
        case let live? where live.isOn("--offline"): GitHubClient.fixture
        case let live?: GitHubClient.live(configuration: .fromEnvironment(live.processEnvironment))
        }
      return GitHubSearch.Environment(client: client, clock: surroundings.clock)
    } inputs: { environment, tap in
      environment.now = tap.input(
        "github.now", environment.now, otherwise: { Date(timeIntervalSince1970: 0) })
    }
  ).erased

  @Sendable static func renderGitHubSearch(_ state: GitHubSearch.State) -> Rendered {
    let problem = Problem(failure: state.failure, refusal: state.refusal)
    if let repository = state.selected {
      return Rendered(
        [
          repository.fullName,
          "  \(repository.description ?? "(no description)")",
          "  language: \(repository.language ?? "-")  stars: \(repository.stars)  forks: \(repository.forks)",
          "  license: \(repository.license ?? "-")  updated: \(repository.updatedAt)",
          "  \(repository.htmlURL)",
        ], problem: problem)
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
      // One line per result: `  1. owner/name  ★12  Swift`.
      lines += state.results.enumerated().map { index, repository in
        let language = repository.language.map { "  \($0)" } ?? ""
        return "  \(index + 1). \(repository.fullName)  ★\(repository.stars)\(language)"
      }
    }
    if let caveat = state.caveat { lines.append("note: \(caveat)") }
    return Rendered(lines, problem: problem)
  }
}
