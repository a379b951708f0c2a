import Actomaton
import GitHubClient

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Searches GitHub repositories: debounced queries, paging, sorting, details and rate limits.
public enum GitHubSearch {
  // MARK: - State

  public struct State: Equatable, Sendable, Codable {
    /// The query asked for last, trimmed; empty when there is none.
    public var query = ""
    public var sort = SearchQuery.Sort.bestMatch
    /// The page shown, 1-based.
    public var page = 1
    /// The repositories on the page shown.
    public var results: [Repository] = []
    /// What GitHub reports for the query; it may exceed the 1,000 results a search can reach.
    public var totalCount = 0
    public var lastPage: Int?
    public var hasNextPage = false
    public var hasPreviousPage = false
    /// The search waiting for its debounce or its answer.
    public var request: SearchQuery?
    /// Why the last action was refused, if it was.
    public var refusal: String?
    /// Why the last search failed, until the next action.
    public var failure: Failure?
    /// A caveat about the results shown: capped at 1,000, or incomplete.
    public var caveat: String?
    /// The result shown in detail.
    public var selected: Repository?
    /// No search is sent before this time: GitHub's rate limit was reached.
    public var rateLimitedUntil: Date?

    public init() {}

    public var isLoading: Bool { request != nil }
  }

  /// A search that failed, and for how long searching is paused after a rate limit.
  public struct Failure: Equatable, Sendable, Codable, CustomStringConvertible {
    public var error: GitHubError
    /// Whole seconds, counted from when the failure arrived.
    public var pause: Int?

    public init(_ error: GitHubError, pause: Int? = nil) {
      self.error = error
      self.pause = pause
    }

    public var description: String {
      error.description + (pause.map { " Searching is paused for \($0) s." } ?? "")
    }
  }

  // MARK: - Action

  public enum Action: Equatable, Sendable, Codable {
    case search(String)
    case nextPage
    case previousPage
    case setSort(SearchQuery.Sort)
    /// 1-based, within the page shown.
    case select(position: Int)
    case deselect
    /// Stops the search in flight (Ctrl-C); the results shown stay.
    case cancelSearch
    case searchResponse(Result<SearchPage, GitHubError>)
  }

  // MARK: - Environment

  public struct Environment: Sendable {
    public var client: GitHubClient
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Wall-clock time, compared with GitHub's rate-limit reset.
    public var now: @Sendable () -> Date
    /// How long a new query waits for the next keystroke before it is sent.
    public var debounce: Duration
    /// Results per page, within `ResultCap.perPageRange`.
    public var perPage: Int

    public init<C: Clock>(
      client: GitHubClient,
      clock: C,
      now: @escaping @Sendable () -> Date = { Date() },
      debounce: Duration = .milliseconds(300),
      perPage: Int = 10
    ) where C.Duration == Duration {
      self.client = client
      sleep = { try await clock.sleep(for: $0) }
      self.now = now
      self.debounce = debounce
      self.perPage = ResultCap.clampedPerPage(perPage)
    }
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Environment> {
    Reducer { action, state, environment in
      let now = environment.now()
      if let until = state.rateLimitedUntil, until <= now { state.rateLimitedUntil = nil }
      if case .searchResponse = action {
      } else {
        state.refusal = nil
        state.failure = nil
      }

      switch action {
      case let .search(text):
        let query = SearchQuery(text: text, sort: state.sort, perPage: environment.perPage)
        guard !query.text.isEmpty else {
          state.query = ""
          state.request = nil
          state.clearResults()
          return .cancel(id: SearchID())
        }
        return search(query, debounced: true, &state, environment, now: now)

      case .nextPage:
        if let refusal = state.nextPageRefusal(perPage: environment.perPage) {
          state.refusal = refusal
          return .empty
        }
        let query = state.searchQuery(page: state.page + 1, perPage: environment.perPage)
        return search(query, debounced: false, &state, environment, now: now)

      case .previousPage:
        guard state.hasPreviousPage else {
          state.refusal = state.query.isEmpty ? State.searchFirst : "There is no previous page."
          return .empty
        }
        let query = state.searchQuery(page: state.page - 1, perPage: environment.perPage)
        return search(query, debounced: false, &state, environment, now: now)

      case let .setSort(sort):
        guard sort != state.sort else { return .empty }
        guard !state.query.isEmpty else {
          state.sort = sort
          return .empty
        }
        var query = state.searchQuery(page: 1, perPage: environment.perPage)
        query.sort = sort
        return search(query, debounced: false, &state, environment, now: now)

      case let .select(position):
        // NOTE: `position` may be any Int a person typed; `position - 1` would trap at Int.min.
        guard position >= 1, position <= state.results.count else {
          state.refusal = state.selectionRefusal(position)
          return .empty
        }
        state.selected = state.results[position - 1]
        return .empty

      case .deselect:
        state.selected = nil
        return .empty

      case .cancelSearch:
        guard state.request != nil else { return .empty }
        state.request = nil
        state.failure = Failure(.cancelled)
        return .cancel(id: SearchID())

      case let .searchResponse(.success(page)):
        // NOTE: the queue cancels a replaced search, but an answer that slipped past that (or one
        // sent by a host) must never overwrite the search asked for since.
        guard page.query == state.request else { return .empty }
        state.request = nil
        state.show(page)
        return .empty

      case let .searchResponse(.failure(error)):
        guard state.request != nil else { return .empty }
        state.request = nil
        state.refusal = nil
        state.failure = Failure(error)
        if case let .rateLimited(resetAt, retryAfter, _, _) = error {
          state.lockOut(resetAt: resetAt, retryAfter: retryAfter, now: now)
        }
        return .empty
      }
    }
  }

  // MARK: - Effects

  private struct SearchID: EffectIDProtocol {}
  private struct SearchQueue: Newest1EffectQueueProtocol {}

  // NOTE: the debounce is a sleep inside the effect rather than the queue's `effectQueueDelay`:
  // that delay only spaces effects after the first one of an idle queue, so it would send the
  // first keystroke at once. Here each new search cancels the sleeping or running one, so a burst
  // makes one request and a replaced request's answer is dropped.
  private static func search(
    _ query: SearchQuery, debounced: Bool, _ state: inout State, _ environment: Environment,
    now: Date
  ) -> Effect<Action> {
    if let refusal = state.lockoutRefusal(now: now) {
      state.refusal = refusal
      return .empty
    }
    // NOTE: asking again for the page already on its way would only restart it.
    if !debounced, query == state.request { return .empty }
    if query.text != state.query || query.sort != state.sort {
      state.query = query.text
      state.sort = query.sort
      state.clearResults()
    }
    state.request = query
    let client = environment.client
    let sleep = environment.sleep
    let debounce = debounced ? environment.debounce : nil
    return Effect(id: SearchID(), queue: SearchQueue()) {
      if let debounce { try await sleep(debounce) }
      do throws(GitHubError) {
        return .searchResponse(.success(try await client.searchRepositories(query)))
      } catch {
        return Task.isCancelled ? nil : .searchResponse(.failure(error))
      }
    }
  }
}
