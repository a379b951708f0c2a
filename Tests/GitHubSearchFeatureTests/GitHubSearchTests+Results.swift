import ActomatonTesting
import Foundation
import GitHubClient
import GitHubSearchFeature
import Testing

extension GitHubSearchTests {
  @Test func pagingStopsAtTheThousandResultCapWithANotice() async {
    var state = State()
    state.query = "swift"
    state.page = 9
    state.totalCount = 5_000
    state.hasNextPage = true
    let h = Self.harness(state, perPage: 100) { query in
      var answer = Self.page(query, total: 5_000)
      answer.nextPage = query.page + 1
      return .success(answer)
    }
    let tenth = Self.page(Self.query("swift", page: 10, perPage: 100), total: 5_000)
    #expect(tenth.lastPage == 10)
    var linked = tenth
    linked.nextPage = 11
    await h.store.send(.nextPage) { $0.request = Self.query("swift", page: 10, perPage: 100) }
    await h.store.receive(.searchResponse(.success(linked))) {
      $0.request = nil
      $0.page = 10
      $0.results = tenth.items
      $0.lastPage = 10
      $0.hasNextPage = false
      $0.hasPreviousPage = true
      $0.caveat =
        "GitHub found 5000 repositories but shows only the first 1,000;"
        + " refine the query to reach the rest."
    }
    await h.store.send(.nextPage) { $0.refusal = GitHubError.beyondResultCap.description }
    #expect(h.asked.map(\.page) == [10], "GitHub linked page 11, but it lies past the cap")
    await h.store.finish()
  }

  @Test func incompleteResultsAreShownWithANotice() async {
    let h = Self.harness { .success(Self.page($0, incomplete: true)) }
    await Self.typed("swift", in: h, wait: .milliseconds(300))
    let answer = Self.page(Self.query("swift"), incomplete: true)
    await h.store.receive(.searchResponse(.success(answer))) {
      Self.show(answer, in: &$0)
      $0.caveat = "GitHub's search timed out, so these results may be incomplete."
    }
    await h.store.send(.search("swiftui")) {
      $0.query = "swiftui"
      $0.request = Self.query("swiftui")
      $0.results = []
      $0.totalCount = 0
      $0.lastPage = nil
      $0.hasNextPage = false
      $0.caveat = nil
    }
    await h.store.send(.search("")) {
      $0.query = ""
      $0.request = nil
    }
    await h.store.finish()
  }

  @Test func numbersTheClientBoundedAreNamedBesideTheResults() async {
    let said = "total_count -5 is negative; read as 0"
    let h = Self.harness { query in
      var answer = Self.page(query)
      answer.outOfRange = said
      return .success(answer)
    }
    await Self.typed("swift", in: h, wait: .milliseconds(300))
    var answer = Self.page(Self.query("swift"))
    answer.outOfRange = said
    await h.store.receive(.searchResponse(.success(answer))) {
      Self.show(answer, in: &$0)
      $0.caveat = "Some numbers in GitHub's answer were out of range: \(said)."
    }
    await h.store.finish()
  }

  // MARK: - Selection

  @Test func selectShowsDetailsAndOutOfRangePositionsAreRefused() async {
    let h = Self.harness()
    await h.store.send(.select(position: 1)) {
      $0.refusal = "There are no results to select."
    }
    await Self.searched("swift", in: h)
    let items = Self.page(Self.query("swift")).items
    await h.store.send(.select(position: 2)) {
      $0.refusal = nil
      $0.selected = items[1]
    }
    await h.store.send(.select(position: 3)) {
      $0.refusal = "There is no result 3 on this page; choose 1 to 2."
    }
    await h.store.send(.select(position: 0)) {
      $0.refusal = "There is no result 0 on this page; choose 1 to 2."
    }
    #expect(h.store.state.selected == items[1], "a refused selection keeps the one shown")
    await h.store.send(.select(position: 1)) {
      $0.refusal = nil
      $0.selected = items[0]
    }
    await h.store.send(.deselect) { $0.selected = nil }
    await h.store.send(.deselect)
    await h.store.finish()
  }

  // MARK: - Empty query

  @Test func anEmptyQueryClearsTheResultsWithoutARequest() async {
    let h = Self.harness()
    await Self.searched("swift", in: h)
    await h.store.send(.select(position: 1)) {
      $0.selected = Self.page(Self.query("swift")).items[0]
    }
    await h.store.send(.search(" \t ")) {
      $0 = State()
    }
    await Self.typed("swiftui", in: h, wait: .milliseconds(200))
    await h.store.send(.search("")) {
      $0.query = ""
      $0.request = nil
    }
    await h.clock.advance(by: .seconds(5))
    #expect(h.asked == [Self.query("swift")], "the pending debounced search was cancelled")
    await h.store.finish()
  }

  // MARK: - Errors

  static let errors: [GitHubError] = [
    .validation("Validation Failed"), .unauthorized, .server(status: 502),
    .unexpectedStatus(418), .cannotConnect(host: "api.github.com"), .timedOut(after: .seconds(15)),
    .malformedResponse("items is missing"), .beyondResultCap, .cancelled,
  ]

  @Test(arguments: errors)
  func everyErrorShowsItsMessage(error: GitHubError) async {
    let h = Self.harness { _ in .failure(error) }
    await Self.typed("swift", in: h, wait: .milliseconds(300))
    await h.store.receive(.searchResponse(.failure(error))) {
      $0.request = nil
      $0.failure = .init(error)
    }
    #expect(h.store.state.rateLimitedUntil == nil)
    await h.store.send(.search("swift")) {
      $0.failure = nil
      $0.request = Self.query("swift")
    }
    await h.clock.advance(by: .milliseconds(300))
    await h.store.receive(.searchResponse(.failure(error))) {
      $0.request = nil
      $0.failure = .init(error)
    }
    #expect(h.asked.count == 2, "an ordinary error does not stop the next search")
    await h.store.finish()
  }
}
