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
        let bounded = header.trimmingCharacters(in: .whitespaces).count > 3
        // NOTE: a server's text is quoted in at most 24 characters.
        let quoted = header.count <= 24 ? header : header.prefix(23) + "…"
        let said = "Retry-After '\(quoted)' is over a day; read as 86400 s"
        #expect(
          error
            == .rateLimited(
              resetAt: nil, retryAfter: seconds, authenticated: false,
              outOfRange: bounded ? said : nil))
        #expect(error?.description.contains("The server's \(said).") == bounded)
      }
    }

    // NOTE: an HTTP date is understood (`HostileAnswerTests`), so it is not in this list.
    @Test(arguments: ["-5", "-9223372036854775808", "1e9", "soon", ""])
    func aRetryAfterThatIsNotAPlainNumberOfSecondsIsIgnored(_ header: String) async throws {
      let response = StubResponse.json(
        #"{"message": "slow down"}"#, status: 429, headers: [("Retry-After", header)])
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        let said = "Retry-After '\(header)' is neither seconds nor a date; ignored"
        #expect(
          error
            == .rateLimited(resetAt: nil, retryAfter: nil, authenticated: false, outOfRange: said))
        #expect(error?.description.contains("try again later. The server's \(said).") == true)
      }
    }
  }
}
