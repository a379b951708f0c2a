import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  /// A broken or hostile server's `Retry-After`: read as a bounded number of seconds, or not at
  /// all, never passed on as a number that traps whoever does arithmetic with it. And a page near
  /// `Int.max`, refused before any request.
  @Suite struct RetryAfter {
    @Test(arguments: [Int.max, Int.max / 2, Int.max / 100 + 7])
    func aPageNearIntMaxIsBeyondTheCapWithNoRequest(_ page: Int) async throws {
      let response = StubResponse.json(#"{"total_count": 0, "items": []}"#)
      try await withSearchStub(response) { server in
        let query = SearchQuery(text: "swift", page: page, perPage: 100)
        #expect(await searchError(liveClient(server), query) == .beyondResultCap)
        #expect(server.requests.isEmpty)
      }
    }

    @Test(arguments: [
      ("9223372036854775807", 86_400), ("99999999999999999999999999", 86_400),
      ("86401", 86_400), (" 7 ", 7), ("0", 0),
    ])
    func aHugeRetryAfterIsBoundedToADay(_ header: String, _ seconds: Int) async throws {
      let response = StubResponse.json(
        #"{"message": "slow down"}"#, status: 429, headers: [("Retry-After", header)])
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        #expect(error == .rateLimited(resetAt: nil, retryAfter: seconds, authenticated: false))
      }
    }

    // NOTE: an HTTP date is understood (`HostileAnswerTests`), so it is not in this list.
    @Test(arguments: ["-5", "-9223372036854775808", "1e9", "soon", ""])
    func aRetryAfterThatIsNotAPlainNumberOfSecondsIsIgnored(_ header: String) async throws {
      let response = StubResponse.json(
        #"{"message": "slow down"}"#, status: 429, headers: [("Retry-After", header)])
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        #expect(error == .rateLimited(resetAt: nil, retryAfter: nil, authenticated: false))
      }
    }
  }
}
