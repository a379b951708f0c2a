import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  @Suite struct ErrorStatuses {
    static let unauthenticatedLimit =
      "API rate limit exceeded for 203.0.113.7. (But here's the good news: Authenticated "
      + "requests get a higher rate limit. Check out the documentation for more details.)"

    static func message(_ text: String) -> String {
      #"{"message": \#(SampleJSON.quoted(text)), "documentation_url": "https://docs.github.com"}"#
    }

    @Test func status401IsUnauthorized() async throws {
      let response = StubResponse.json(Self.message("Bad credentials"), status: 401)
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server, token: "wrong"))
        #expect(error == .unauthorized)
        #expect(error?.description.contains("GITHUB_TOKEN") == true)
      }
    }

    @Test func status403WithNoRequestsLeftIsARateLimitWithItsReset() async throws {
      let response = StubResponse.json(
        Self.message(Self.unauthenticatedLimit), status: 403,
        headers: [
          ("x-ratelimit-limit", "10"), ("x-ratelimit-remaining", "0"),
          ("x-ratelimit-reset", "1795250460"), ("x-ratelimit-resource", "search"),
        ])
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        #expect(
          error == .rateLimited(resetAt: 1_795_250_460, retryAfter: nil, authenticated: false))
        #expect(
          error?.description
            == "GitHub rate limit reached; resets at 08:41:00 UTC. Set GITHUB_TOKEN for a higher"
            + " limit (30 searches a minute).")
      }
    }

    @Test(arguments: [
      (0, "00:00:00"), (1_795_250_460, "08:41:00"), (1_700_000_090, "22:14:50"),
      (86_399, "23:59:59"), (-1, "23:59:59"),
    ])
    func aRateLimitSaysItsResetAsAUTCClockTime(resetAt: Int, clockTime: String) {
      let error = GitHubError.rateLimited(resetAt: resetAt, retryAfter: nil, authenticated: true)
      #expect(error.description == "GitHub rate limit reached; resets at \(clockTime) UTC.")
    }

    @Test(arguments: [
      (Duration.seconds(15), "15 s"), (.milliseconds(300), "0.3 s"),
      (.milliseconds(1_500), "1.5 s"),
    ])
    func aTimeoutSaysItsLimit(limit: Duration, text: String) {
      #expect(
        GitHubError.timedOut(after: limit).description
          == "The search timed out after \(text); try again.")
    }

    @Test func status429WithRetryAfterIsARateLimitForTheToken() async throws {
      let response = StubResponse.json(
        Self.message("API rate limit exceeded for user ID 123."), status: 429,
        headers: [("Retry-After", "42"), ("X-RateLimit-Reset", "1795250999")])
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server, token: secretToken))
        #expect(error == .rateLimited(resetAt: 1_795_250_999, retryAfter: 42, authenticated: true))
        #expect(error?.description.contains("42 s") == true)
        #expect(error?.description.contains("GITHUB_TOKEN") == false)
      }
    }

    @Test func status403SecondaryLimitWithOnlyRetryAfterIsARateLimit() async throws {
      let response = StubResponse.json(
        Self.message("You have exceeded a secondary rate limit. Please wait."), status: 403,
        headers: [("retry-after", "60"), ("x-ratelimit-remaining", "7")])
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        #expect(error == .rateLimited(resetAt: nil, retryAfter: 60, authenticated: false))
      }
    }

    @Test func status403WithoutRateLimitSignsIsUnexpected() async throws {
      let response = StubResponse.json(
        Self.message("Resource not accessible"), status: 403,
        headers: [("x-ratelimit-remaining", "8")])
      try await withSearchStub(response) { server in
        #expect(await searchError(liveClient(server)) == .unexpectedStatus(403))
      }
    }

    @Test func status422CarriesGitHubsMessageAndDetails() async throws {
      let body = #"""
        {"message": "Validation Failed", "errors": [{"resource": "Search", "field": "q",
         "code": "missing"}], "documentation_url": "https://docs.github.com/v3/search",
         "status": "422"}
        """#
      try await withSearchStub(.json(body, status: 422)) { server in
        let error = await searchError(liveClient(server))
        #expect(error == .validation("Validation Failed (q missing)"))
        #expect(error?.description == "GitHub refused the search: Validation Failed (q missing)")
      }
    }

    @Test func status422PastTheCapCarriesTheCapMessage() async throws {
      let cap = "Only the first 1000 search results are available"
      let body =
        #"{"message":"\#(cap)","documentation_url":"https://docs.github.com/v3/search/","#
        + #""status":"422"}"#
      try await withSearchStub(.json(body, status: 422)) { server in
        #expect(await searchError(liveClient(server)) == .validation(cap))
      }
    }

    @Test(arguments: [500, 502, 503, 504])
    func status5xxIsAServerError(status: Int) async throws {
      let response = StubResponse(
        status: status, headers: [("Content-Type", "text/html")], body: Data("<h1>oops</h1>".utf8))
      try await withSearchStub(response) { server in
        let error = await searchError(liveClient(server))
        #expect(error == .server(status: status))
        #expect(error?.description.contains("\(status)") == true)
      }
    }

    @Test(arguments: [418, 404, 400, 409])
    func anyOtherStatusIsUnexpected(status: Int) async throws {
      try await withSearchStub(.json(Self.message("nope"), status: status)) { server in
        #expect(await searchError(liveClient(server)) == .unexpectedStatus(status))
      }
    }
  }
}
