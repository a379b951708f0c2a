import ActomatonTesting
import Foundation
import GitHubClient
import GitHubSearchFeature
import TestSupport
import Testing

@Suite struct GitHubSearchTests {
  typealias State = GitHubSearch.State

  // MARK: - Harness

  /// A store on a test clock, a client that records every query it is asked, and a settable
  /// wall clock for rate limits.
  struct Harness {
    let store: TestStore<GitHubSearch.Action, State>
    let clock: TestClock
    let requests: Locked<[SearchQuery]>
    let now: Locked<Date>

    var asked: [SearchQuery] { requests.withLock { $0 } }
    func advanceWallClock(by seconds: TimeInterval) {
      now.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
  }

  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// `answer` replies after `latency` on the test clock; by default a fake GitHub with 5 results.
  static func harness(
    _ state: State = State(),
    perPage: Int = 2,
    latency: Duration = .zero,
    answer: @escaping @Sendable (SearchQuery) -> Result<SearchPage, GitHubError> = {
      .success(GitHubSearchTests.page($0))
    }
  ) -> Harness {
    let clock = TestClock()
    let requests = Locked<[SearchQuery]>([])
    let now = Locked(start)
    let client = GitHubClient { query throws(GitHubError) in
      requests.withLock { $0.append(query) }
      if latency > .zero {
        do { try await clock.sleep(for: latency) } catch { throw .cancelled }
      }
      return try answer(query).get()
    }
    var environment = GitHubSearch.Environment.test(clock: clock)
    environment.client = client
    environment.now = { now.withLock { $0 } }
    environment.perPage = perPage
    let store = TestStore(
      initialState: state, reducer: GitHubSearch.reducer, environment: environment, clock: clock)
    return Harness(store: store, clock: clock, requests: requests, now: now)
  }

  static func query(
    _ text: String, sort: SearchQuery.Sort = .bestMatch, page: Int = 1, perPage: Int = 2
  ) -> SearchQuery {
    SearchQuery(text: text, sort: sort, page: page, perPage: perPage)
  }

  /// The page a GitHub holding `total` matching repositories would return.
  static func page(_ query: SearchQuery, total: Int = 5, incomplete: Bool = false) -> SearchPage {
    let reachable = min(total, 1_000)
    let lastPage = max(1, (reachable + query.perPage - 1) / query.perPage)
    let first = (query.page - 1) * query.perPage
    let items = (first..<min(first + query.perPage, reachable)).map { n in
      Repository(
        id: Int64(n), fullName: "\(query.text)/repo\(n)", owner: query.text, description: nil,
        language: "Swift", stars: 10_000 - n, forks: n, license: nil,
        htmlURL: "https://github.com/\(query.text)/repo\(n)", updatedAt: "2026-01-02T03:04:05Z")
    }
    return SearchPage(
      query: query, items: items, totalCount: total, incompleteResults: incomplete,
      nextPage: query.page < lastPage ? query.page + 1 : nil,
      previousPage: query.page > 1 ? query.page - 1 : nil, lastPage: lastPage)
  }

  /// The state change for an answer that is not under test itself: results shown, idle.
  static func show(_ answer: SearchPage, in state: inout State) {
    state.request = nil
    state.page = answer.query.page
    state.results = answer.items
    state.totalCount = answer.totalCount
    state.lastPage = answer.lastPage
    state.hasNextPage = answer.nextPage != nil
    state.hasPreviousPage = answer.query.page > 1
  }

  /// Searches `text` and lets the debounce pass; the answer is shown.
  static func searched(_ text: String, in h: Harness) async {
    await h.store.send(.search(text)) {
      $0.refusal = nil
      $0.failure = nil
      $0.query = text
      $0.request = query(text)
    }
    await h.clock.advance(by: .milliseconds(300))
    await h.store.receive(.searchResponse(.success(page(query(text))))) {
      show(page(query(text)), in: &$0)
    }
  }

  /// Searches 'swift' and lets the debounce pass; the search fails with `error`, which pauses
  /// searching for `pause` seconds.
  static func searchFails(_ h: Harness, with error: GitHubError, pause: Int?) async {
    await h.store.send(.search("swift")) {
      $0.query = "swift"
      $0.request = query("swift")
    }
    await h.clock.advance(by: .milliseconds(300))
    await h.store.receive(.searchResponse(.failure(error))) {
      $0.request = nil
      $0.failure = .init(error, pause: pause)
      $0.rateLimitedUntil = pause.map { start.addingTimeInterval(TimeInterval($0)) }
    }
  }

  // MARK: - Debounce and stale answers

  @Test func threeQueriesWithinTheDebounceMakeOneRequest() async {
    let h = Self.harness()
    await h.store.send(.search("s")) {
      $0.query = "s"
      $0.request = Self.query("s")
    }
    await h.clock.advance(by: .milliseconds(100))
    await h.store.send(.search("sw")) {
      $0.query = "sw"
      $0.request = Self.query("sw")
    }
    await h.clock.advance(by: .milliseconds(150))
    await h.store.send(.search("  swift ")) {
      $0.query = "swift"
      $0.request = Self.query("swift")
    }
    await h.clock.advance(by: .milliseconds(299))
    #expect(h.asked.isEmpty, "the last query still waits for its debounce")
    await h.clock.advance(by: .milliseconds(1))
    #expect(h.asked == [Self.query("swift")])
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift"))))) {
      $0.request = nil
      $0.results = Self.page(Self.query("swift")).items
      $0.totalCount = 5
      $0.lastPage = 3
      $0.hasNextPage = true
    }
    #expect(h.store.state.isLoading == false)
    await h.store.finish()
  }

  @Test func aNewQueryCancelsTheRunningRequestSoItsAnswerNeverArrives() async {
    let h = Self.harness(latency: .seconds(1))
    await h.store.send(.search("swift")) {
      $0.query = "swift"
      $0.request = Self.query("swift")
    }
    await h.clock.advance(by: .milliseconds(800))
    #expect(h.asked == [Self.query("swift")], "sent at 300 ms, answers at 1.3 s")
    await h.store.send(.search("swiftui")) {
      $0.query = "swiftui"
      $0.request = Self.query("swiftui")
    }
    await h.clock.advance(by: .milliseconds(1300))
    #expect(h.asked == [Self.query("swift"), Self.query("swiftui")])
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swiftui"))))) {
      Self.show(Self.page(Self.query("swiftui")), in: &$0)
    }
    await h.clock.advance(by: .seconds(5))
    await h.store.finish()
  }

  @Test func anAnswerForASearchNoLongerAskedForIsIgnored() async {
    let h = Self.harness()
    await h.store.send(.search("swift")) {
      $0.query = "swift"
      $0.request = Self.query("swift")
    }
    await h.store.send(.searchResponse(.success(Self.page(Self.query("swi")))))
    await h.store.send(.searchResponse(.success(Self.page(Self.query("swift", page: 2)))))
    await h.store.send(.searchResponse(.success(Self.page(Self.query("swift", sort: .stars)))))
    await h.clock.advance(by: .milliseconds(300))
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift"))))) {
      Self.show(Self.page(Self.query("swift")), in: &$0)
    }
    await h.store.send(.searchResponse(.success(Self.page(Self.query("swift")))))
    await h.store.send(.searchResponse(.failure(.timedOut(after: .seconds(15)))))
    #expect(h.asked.count == 1)
    await h.store.finish()
  }

  // MARK: - Paging and sorting

  @Test func nextAndPreviousPageSearchAtOnceAndStopAtTheEdges() async {
    let h = Self.harness()
    await Self.searched("swift", in: h)
    await h.store.send(.previousPage) { $0.refusal = "There is no previous page." }
    await h.store.send(.nextPage) {
      $0.refusal = nil
      $0.request = Self.query("swift", page: 2)
    }
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", page: 2))))) {
      $0.request = nil
      $0.page = 2
      $0.results = Self.page(Self.query("swift", page: 2)).items
      $0.hasPreviousPage = true
    }
    await h.store.send(.nextPage) { $0.request = Self.query("swift", page: 3) }
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", page: 3))))) {
      $0.request = nil
      $0.page = 3
      $0.results = Self.page(Self.query("swift", page: 3)).items
      $0.hasNextPage = false
    }
    #expect(h.store.state.results.count == 1)
    await h.store.send(.nextPage) { $0.refusal = "There is no next page." }
    await h.store.send(.previousPage) {
      $0.refusal = nil
      $0.request = Self.query("swift", page: 2)
    }
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", page: 2))))) {
      Self.show(Self.page(Self.query("swift", page: 2)), in: &$0)
    }
    #expect(h.asked.map(\.page) == [1, 2, 3, 2], "the refused pages sent no request")
    await h.store.finish()
  }

  @Test func pagingBeforeAnySearchIsRefused() async {
    let h = Self.harness()
    await h.store.send(.nextPage) { $0.refusal = "Search for something first." }
    await h.store.send(.previousPage)
    #expect(h.asked.isEmpty)
    await h.store.finish()
  }

  @Test func aPageKeepsTheShownResultsUntilItsAnswerAndASecondNextDoesNotRestartIt() async {
    let h = Self.harness(latency: .seconds(1))
    await h.store.send(.search("swift")) {
      $0.query = "swift"
      $0.request = Self.query("swift")
    }
    await h.clock.advance(by: .milliseconds(1300))
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift"))))) {
      Self.show(Self.page(Self.query("swift")), in: &$0)
    }
    await h.store.send(.nextPage) { $0.request = Self.query("swift", page: 2) }
    #expect(h.store.state.results == Self.page(Self.query("swift")).items)
    await h.clock.advance(by: .milliseconds(500))
    await h.store.send(.nextPage)
    #expect(h.asked.map(\.page) == [1, 2], "a second next while loading does not restart it")
    await h.store.send(.select(position: 1)) {
      $0.selected = Self.page(Self.query("swift")).items[0]
    }
    await h.clock.advance(by: .milliseconds(500))
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", page: 2))))) {
      Self.show(Self.page(Self.query("swift", page: 2)), in: &$0)
      $0.selected = nil
    }
    await h.store.finish()
  }

  @Test func changingTheSortSearchesAgainFromPageOneWithoutDebounce() async {
    let h = Self.harness()
    await Self.searched("swift", in: h)
    await h.store.send(.nextPage) { $0.request = Self.query("swift", page: 2) }
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", page: 2))))) {
      Self.show(Self.page(Self.query("swift", page: 2)), in: &$0)
    }
    await h.store.send(.setSort(.stars)) {
      $0.sort = .stars
      $0.page = 1
      $0.results = []
      $0.totalCount = 0
      $0.lastPage = nil
      $0.hasNextPage = false
      $0.hasPreviousPage = false
      $0.request = Self.query("swift", sort: .stars)
    }
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", sort: .stars))))) {
      Self.show(Self.page(Self.query("swift", sort: .stars)), in: &$0)
    }
    await h.store.send(.setSort(.stars))
    #expect(h.asked.map(\.sort) == [.bestMatch, .bestMatch, .stars], "the same sort again: no-op")
    await h.store.finish()
  }

  @Test func aSortChangeReplacesADebouncedQueryAndSearchesAtOnce() async {
    let h = Self.harness()
    await h.store.send(.search("swift")) {
      $0.query = "swift"
      $0.request = Self.query("swift")
    }
    await h.clock.advance(by: .milliseconds(100))
    await h.store.send(.setSort(.updated)) {
      $0.sort = .updated
      $0.request = Self.query("swift", sort: .updated)
    }
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", sort: .updated)))))
    {
      Self.show(Self.page(Self.query("swift", sort: .updated)), in: &$0)
    }
    await h.clock.advance(by: .seconds(1))
    #expect(h.asked == [Self.query("swift", sort: .updated)])
    await h.store.finish()
  }

  @Test func choosingASortBeforeSearchingOnlyRemembersIt() async {
    let h = Self.harness()
    await h.store.send(.setSort(.updated)) { $0.sort = .updated }
    await h.store.send(.search("swift")) {
      $0.query = "swift"
      $0.request = Self.query("swift", sort: .updated)
    }
    await h.clock.advance(by: .milliseconds(300))
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", sort: .updated)))))
    {
      Self.show(Self.page(Self.query("swift", sort: .updated)), in: &$0)
    }
    #expect(h.asked == [Self.query("swift", sort: .updated)])
    await h.store.finish()
  }
}
