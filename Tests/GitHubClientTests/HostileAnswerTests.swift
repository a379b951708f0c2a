import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  /// Every number from a server is bounded before it is shown or obeyed, and each odd answer
  /// gets an error that names what was wrong with it.
  @Suite struct HostileAnswers {
    static func limited(_ headers: [(name: String, value: String)]) -> StubResponse {
      .json(#"{"message": "API rate limit exceeded"}"#, status: 429, headers: headers)
    }

    static var now: Int { Int(Date().timeIntervalSince1970) }

    /// A plain number of seconds is obeyed, a past HTTP date is 0 s; the bounds and the headers
    /// that mean nothing are checked in `RetryAfter`.
    @Test(arguments: [("60", 60), ("0", 0), ("Wed, 21 Oct 2015 07:28:00 GMT", 0)])
    func retryAfterInSecondsOrAsADateIsRead(header: String, seconds: Int) async throws {
      try await withSearchStub(Self.limited([("Retry-After", header)])) { server in
        let error = await searchError(liveClient(server))
        #expect(error == .rateLimited(resetAt: nil, retryAfter: seconds, authenticated: false))
      }
    }

    @Test func aResetFarInTheFutureIsBoundedToAnHourFromNow() async throws {
      let response = Self.limited([
        ("X-RateLimit-Reset", "9223372036854775807"), ("X-RateLimit-Remaining", "0"),
      ])
      try await withSearchStub(response) { server in
        let before = Self.now
        let error = await searchError(liveClient(server))
        guard case let .rateLimited(resetAt?, nil, false, outOfRange)? = error else {
          Issue.record("expected a rate limit with a reset, got \(String(describing: error))")
          return
        }
        #expect(resetAt >= before && resetAt <= Self.now + 3_600)
        #expect(
          outOfRange
            == "X-RateLimit-Reset '9223372036854775807' is over an hour away; read as an hour")
      }
    }

    @Test func aNegativeResetIsIgnored() async throws {
      let response = Self.limited([("X-RateLimit-Reset", "-5")])
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        #expect(
          error
            == .rateLimited(
              resetAt: nil, retryAfter: nil, authenticated: false,
              outOfRange: "X-RateLimit-Reset '-5' is not a time; ignored"))
      }
    }

    @Test func negativeCountsAreShownAsZeroAndNamed() async throws {
      let item = SampleJSON.item(id: 1, fullName: "a/b", stars: -5, forks: -1)
      let body = SampleJSON.page(total: -5, items: [item])
      try await withSearchStub(.json(body)) { server in
        let page = await searchPage(liveClient(server))
        #expect(page?.totalCount == 0)
        #expect(page?.items.first?.stars == 0)
        #expect(page?.items.first?.forks == 0)
        #expect(
          page?.outOfRange
            == "total_count -5 is negative; read as 0; "
            + "'a/b' has a negative stargazers_count or forks_count; read as 0")
      }
    }

    @Test func manyItemsWithNegativeCountsAreNamedOnce() async throws {
      let items = (1...50).map { SampleJSON.item(id: Int64($0), fullName: "a/b\($0)", stars: -$0) }
      try await withSearchStub(.json(SampleJSON.page(total: 50, items: items))) { server in
        let page = await searchPage(liveClient(server))
        #expect(
          page?.outOfRange == "50 items have a negative stargazers_count or forks_count; read as 0")
      }
    }

    @Test func sensibleNumbersAreNotNamed() async throws {
      let link = "<https://api.github.com/x?q=a&page=2>; rel=\"next\""
      let response = StubResponse.json(
        SampleJSON.page(total: 100, items: [SampleJSON.item(id: 1, fullName: "a/b")]),
        headers: [("Link", link)])
      try await withSearchStub(response) { server in
        let page = await searchPage(liveClient(server))
        #expect(page?.nextPage == 2)
        #expect(page?.outOfRange == nil)
      }
    }

    @Test(arguments: [
      ("-3", "link page '-3' is not a page number; ignored"),
      ("0", "link page '0' is not a page number; ignored"),
      ("x", "link page 'x' is not a page number; ignored"),
      ("9223372036854775807", "link page 9223372036854775807 is past the last page, 10; ignored"),
      ("11", "link page 11 is past the last page, 10; ignored"),
    ])
    func linkPagesOutOfRangeAreDroppedAndNamed(page: String, said: String) async throws {
      let link =
        "<https://api.github.com/search/repositories?q=a&page=\(page)>; rel=\"next\", "
        + "<https://api.github.com/search/repositories?q=a&page=\(page)>; rel=\"last\", "
        + "<https://api.github.com/search/repositories?q=a&page=\(page)>; rel=\"prev\""
      let response = StubResponse.json(
        SampleJSON.page(total: 100, items: []), headers: [("Link", link)])
      try await withSearchStub(response) { server in
        let page = await searchPage(liveClient(server), SearchQuery(text: "a", page: 2))
        #expect(page?.nextPage == nil)
        #expect(page?.previousPage == nil)
        #expect(page?.lastPage == nil)
        #expect(page?.outOfRange == said)
      }
    }

    @Test func linkTargetsMayHoldCommasAndSemicolons() async throws {
      let base = "https://example.test/search/repositories?q=a,b;c%20d"
      let link = "<\(base)&page=2>; rel=\"next\", <\(base)&page=5>; rel=\"last\""
      let response = StubResponse.json(
        SampleJSON.page(total: 50, items: []), headers: [("Link", link)])
      try await withSearchStub(response) { server in
        let page = await searchPage(liveClient(server))
        #expect(page?.nextPage == 2)
        #expect(page?.lastPage == 5)
      }
    }

    @Test func aRedirectToAHostThatRefusesNamesThatHost() async throws {
      let refusing = try RefusingPort(address: .second)
      defer { extendLifetime(refusing) }
      let response = StubResponse(
        status: 302, headers: [("Location", "\(refusing.baseURL)/search/repositories")])
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        #expect(error == .cannotConnect(host: "127.0.0.2:\(refusing.port)"))
      }
    }

    static let headersTooLarge = "the answer's headers were too large."

    /// A number too large for its field, a header over libcurl's limit and endless headers are
    /// each named, not called invalid JSON.
    @Test(arguments: [
      (
        StubResponse.json(#"{"total_count": 1e30, "items": []}"#),
        "the number at 'total_count' is out of range."
      ),
      (
        .json(
          SampleJSON.page(total: 0, items: []),
          headers: [("X-Padding", String(repeating: "a", count: 300_000))]),
        headersTooLarge
      ),
      (.fault(.endlessHeaders), headersTooLarge),
    ])
    func anAnswerPastALimitIsNamed(_ response: StubResponse, detail: String) async throws {
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        #expect(error == .malformedResponse(detail), "\(String(describing: error))")
      }
    }
  }
}
