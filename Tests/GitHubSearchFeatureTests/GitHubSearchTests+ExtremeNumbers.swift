import ActomatonTesting
import Foundation
import GitHubClient
import GitHubSearchFeature
import Testing

/// Numbers from a person or the network at their extremes: refused or clamped, never a trap.
extension GitHubSearchTests {
  @Test(arguments: [Int.min, Int.min + 1, -1, 0, 3, Int.max])
  func selectingAPositionOutsideThePageIsRefused(_ position: Int) async {
    let h = Self.harness()
    await Self.searched("swift", in: h)
    await h.store.send(.select(position: position)) {
      $0.refusal = "There is no result \(position) on this page; choose 1 to 2."
    }
    await h.store.finish()
  }

  @Test(arguments: [Int.max, Int.max - 1, 1 << 62])
  func aHugeRetryAfterPausesSearchingForAnHourAtMost(_ seconds: Int) async {
    let limited = GitHubError.rateLimited(resetAt: nil, retryAfter: seconds, authenticated: true)
    let h = Self.harness { _ in .failure(limited) }
    await Self.searchFails(h, with: limited, pause: 3_600)
    await h.store.finish()
  }

  @Test(arguments: [Int.max, Int.min, -1])
  func aResetTimeFarAwayOrInThePastDoesNotTrap(_ resetAt: Int) async {
    let limited = GitHubError.rateLimited(resetAt: resetAt, retryAfter: nil, authenticated: true)
    let h = Self.harness { _ in .failure(limited) }
    await Self.searchFails(h, with: limited, pause: resetAt > 0 ? 3_600 : nil)
    await h.store.finish()
  }

  @Test func askingForThePageAfterAPageNearIntMaxIsRefusedNotATrap() async {
    var state = State()
    state.query = "swift"
    state.page = Int.max
    state.totalCount = 5_000
    let h = Self.harness(state)
    await h.store.send(.nextPage) { $0.refusal = "There is no next page." }
    await h.store.finish()
  }

  @Test func resultCapSaysAPageNearIntMaxIsBeyondIt() {
    #expect(ResultCap.isBeyond(page: Int.max, perPage: 100))
    #expect(ResultCap.isBeyond(page: Int.max / 2, perPage: 3))
    #expect(ResultCap.isBeyond(page: Int.min, perPage: Int.max) == false)
    let last = SearchPage(
      query: SearchQuery(text: "x", page: Int.max), items: [], totalCount: 5, nextPage: 1)
    #expect(ResultCap.hasPage(after: last) == false)
  }

  @Test(arguments: [Int.max, Int.max / 2, Int.max / 100 + 7])
  func theFixtureClientRefusesAPageNearIntMax(_ page: Int) async {
    let query = SearchQuery(text: "swift", page: page, perPage: 100)
    do {
      _ = try await GitHubClient.fixture.searchRepositories(query)
      Issue.record("a page past the cap was answered")
    } catch {
      #expect(error == .beyondResultCap)
    }
  }

  @Test func cancelSearchLeavesNoSearchWaitingAndTheSamePageCanBeAskedAgain() async {
    let clock = TestClock()
    let store = Self.closingHost(clock: clock)
    await store.send(.feature(.search("swift"))) {
      $0.query = "swift"
      $0.request = Self.query("swift")
    }
    await clock.advance(by: .milliseconds(1300))
    await store.receive(.feature(.searchResponse(.success(Self.page(Self.query("swift")))))) {
      Self.show(Self.page(Self.query("swift")), in: &$0)
    }
    await store.send(.feature(.nextPage)) { $0.request = Self.query("swift", page: 2) }
    await store.send(.close)
    await store.receive(.feature(.cancelSearch)) {
      $0.request = nil
      $0.failure = .init(.cancelled)
    }
    #expect(store.state.isLoading == false)
    await store.send(.feature(.nextPage)) {
      $0.failure = nil
      $0.request = Self.query("swift", page: 2)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(
      .feature(.searchResponse(.success(Self.page(Self.query("swift", page: 2)))))
    ) {
      Self.show(Self.page(Self.query("swift", page: 2)), in: &$0)
    }
    await store.finish()
  }
}
