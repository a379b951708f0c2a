import ActomatonTesting
import Foundation
import GitHubClient
import GitHubSearchFeature
import Testing

extension GitHubSearchTests {
  @Test func aFailedPageKeepsThePageShownSoItCanBeRetried() async {
    let failNext = Locked(false)
    let h = Self.harness { query in
      failNext.withLock { $0 }
        ? .failure(.timedOut(after: .seconds(15))) : .success(Self.page(query))
    }
    await Self.searched("swift", in: h)
    failNext.withLock { $0 = true }
    await h.store.send(.nextPage) { $0.request = Self.query("swift", page: 2) }
    await h.store.receive(.searchResponse(.failure(.timedOut(after: .seconds(15))))) {
      $0.request = nil
      $0.failure = .init(.timedOut(after: .seconds(15)))
    }
    #expect(h.store.state.page == 1 && h.store.state.results.count == 2)
    failNext.withLock { $0 = false }
    await h.store.send(.nextPage) {
      $0.failure = nil
      $0.request = Self.query("swift", page: 2)
    }
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", page: 2))))) {
      Self.show(Self.page(Self.query("swift", page: 2)), in: &$0)
    }
    await h.store.finish()
  }

  // MARK: - Rate limit

  @Test func aRateLimitRefusesSearchesUntilItsResetTime() async {
    let limited = GitHubError.rateLimited(resetAt: nil, retryAfter: 30, authenticated: false)
    let limit = Locked(true)
    let h = Self.harness { query in
      limit.withLock { $0 } ? .failure(limited) : .success(Self.page(query))
    }
    await Self.searchFails(h, with: limited, pause: 30)
    #expect(
      h.store.state.failure?.description == limited.description + " Searching is paused for 30 s.")
    limit.withLock { $0 = false }
    h.advanceWallClock(by: 10.5)
    let refusal = "Searching is paused by GitHub's rate limit for another 20 s."
    await h.store.send(.search("swiftui")) {
      $0.failure = nil
      $0.refusal = refusal
    }
    await h.store.send(.setSort(.stars)) { $0.refusal = refusal }
    await h.store.send(.select(position: 1)) {
      $0.refusal = "There are no results to select."
    }
    await h.store.send(.search("")) {
      $0.query = ""
      $0.refusal = nil
    }
    await h.clock.advance(by: .seconds(5))
    #expect(h.asked.count == 1, "nothing was sent during the lockout")

    h.advanceWallClock(by: 19.5)
    await h.store.send(.search("swiftui")) {
      $0.rateLimitedUntil = nil
      $0.query = "swiftui"
      $0.request = Self.query("swiftui")
    }
    await h.clock.advance(by: .milliseconds(300))
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swiftui"))))) {
      Self.show(Self.page(Self.query("swiftui")), in: &$0)
    }
    await h.store.finish()
  }

  @Test func aRateLimitOnAPageRefusesPagingUntilTheResetEpoch() async {
    let resetAt = Int(Self.start.timeIntervalSince1970) + 90
    let limited = GitHubError.rateLimited(resetAt: resetAt, retryAfter: nil, authenticated: true)
    let limit = Locked(false)
    let h = Self.harness { query in
      limit.withLock { $0 } ? .failure(limited) : .success(Self.page(query))
    }
    await Self.searched("swift", in: h)
    limit.withLock { $0 = true }
    await h.store.send(.nextPage) { $0.request = Self.query("swift", page: 2) }
    await h.store.receive(.searchResponse(.failure(limited))) {
      $0.request = nil
      $0.failure = .init(limited, pause: 90)
      $0.rateLimitedUntil = Date(timeIntervalSince1970: TimeInterval(resetAt))
    }
    h.advanceWallClock(by: 89)
    await h.store.send(.nextPage) {
      $0.failure = nil
      $0.refusal = "Searching is paused by GitHub's rate limit for another 1 s."
    }
    h.advanceWallClock(by: 1)
    await h.store.send(.deselect) {
      $0.refusal = nil
      $0.rateLimitedUntil = nil
    }
    #expect(h.asked.map(\.page) == [1, 2])
    await h.store.finish()
  }

  @Test func aRateLimitWithoutAResetTimePausesForAMinute() async {
    let limited = GitHubError.rateLimited(resetAt: nil, retryAfter: nil, authenticated: false)
    let h = Self.harness { _ in .failure(limited) }
    await Self.searchFails(h, with: limited, pause: 60)
    await h.store.finish()
  }

  @Test func aRateLimitWhoseResetHasPassedDoesNotLockOut() async {
    let resetAt = Int(Self.start.timeIntervalSince1970) - 5
    let limited = GitHubError.rateLimited(resetAt: resetAt, retryAfter: nil, authenticated: false)
    let h = Self.harness { _ in .failure(limited) }
    await Self.searchFails(h, with: limited, pause: nil)
    await h.store.finish()
  }

  // MARK: - Host

  /// A host whose `close` sends `cancelSearch`, over a client that answers after one second
  /// of `clock` and keeps the queries it was asked.
  enum Host: Equatable, Sendable { case feature(GitHubSearch.Action), close }

  static func closingHost(
    clock: TestClock, requests: Locked<[SearchQuery]> = Locked([])
  ) -> TestStore<Host, State> {
    let client = GitHubClient { query throws(GitHubError) in
      requests.withLock { $0.append(query) }
      do { try await clock.sleep(for: .seconds(1)) } catch { throw .cancelled }
      return Self.page(query)
    }
    let host = Reducer<Host, State, GitHubSearch.Environment> { action, state, environment in
      switch action {
      case let .feature(action):
        GitHubSearch.reducer.run(action, &state, environment).map(Host.feature)
      case .close: .nextAction(.feature(.cancelSearch))
      }
    }
    return TestStore(
      initialState: State(), reducer: host,
      environment: .init(client: client, clock: clock, perPage: 2), clock: clock)
  }

  @Test func aHostClosingWithCancelSearchStopsARunningSearch() async {
    let clock = TestClock()
    let requests = Locked<[SearchQuery]>([])
    let store = Self.closingHost(clock: clock, requests: requests)
    await store.send(.feature(.search("swift"))) {
      $0.query = "swift"
      $0.request = Self.query("swift")
    }
    await clock.advance(by: .milliseconds(500))
    #expect(requests.withLock { $0.count } == 1)
    await store.send(.close)
    await store.receive(.feature(.cancelSearch)) {
      $0.request = nil
      $0.failure = .init(.cancelled)
    }
    await store.send(.feature(.search("swiftui"))) {
      $0.failure = nil
      $0.query = "swiftui"
      $0.request = Self.query("swiftui")
    }
    await store.send(.close)
    await store.receive(.feature(.cancelSearch)) {
      $0.request = nil
      $0.failure = .init(.cancelled)
    }
    await clock.advance(by: .seconds(10))
    #expect(requests.withLock { $0.count } == 1, "the debounced search was cancelled too")
    await store.finish()
  }

  @Test func environmentClampsResultsPerPage() {
    let clock = TestClock()
    #expect(GitHubSearch.Environment(client: .unimplemented, clock: clock, perPage: 0).perPage == 1)
    #expect(
      GitHubSearch.Environment(client: .unimplemented, clock: clock, perPage: 500).perPage == 100)
    let defaults = GitHubSearch.Environment(client: .unimplemented, clock: clock)
    #expect(defaults.debounce == .milliseconds(300) && defaults.perPage == 10)
  }
}
