import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  @Suite struct TransportFailures {
    static func expectMalformed(
      _ error: GitHubError?, mentioning text: String = "",
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      guard case let .malformedResponse(detail)? = error, text.isEmpty || detail.contains(text)
      else {
        let got = error.map { "\($0)" } ?? "no error"
        Issue.record(
          "expected a malformed response about '\(text)', got: \(got)",
          sourceLocation: sourceLocation)
        return
      }
    }

    /// Answers that are not a page, by what the error about each must name.
    static let malformed: [String: StubResponse] = [
      "not valid JSON": .json(#"{"total_count": 3, "items": [{"id": "#),
      "'total_count'": .json(#"{"items": []}"#),
      "'items.0.id'": .json(
        SampleJSON.page(total: 1, items: [#"{"id": "seven", "full_name": "a/b"}"#])),
      "text/html": StubResponse(
        headers: [("Content-Type", "text/html; charset=utf-8")],
        body: Data("<html><body>Sign in to the Wi-Fi</body></html>".utf8)),
      "the transfer failed (transfer closed": .fault(
        .closeMidResponse, body: Data(SampleJSON.realisticPage.utf8)),
    ]

    /// Truncated JSON, a missing field, a wrong type in an item, HTML instead of JSON and a
    /// connection closed mid-answer are malformed, and the message names what is wrong.
    @Test(arguments: malformed)
    func aBadAnswerIsMalformedAndNamed(mentioning: String, _ response: StubResponse) async throws {
      try await withSearchStub(response) { server in
        Self.expectMalformed(await searchError(liveClient(server)), mentioning: mentioning)
      }
    }

    @Test func hugeValidPageDecodes() async throws {
      let description = String(repeating: "long description ", count: 1_200)
      let items = (1...100).map {
        SampleJSON.item(id: Int64($0), fullName: "owner\($0)/repo\($0)", description: description)
      }
      let body = SampleJSON.page(total: 100, items: items)
      #expect(body.utf8.count > 2_000_000)
      try await withSearchStub(.json(body)) { server in
        let page = await searchPage(liveClient(server), SearchQuery(text: "repo", perPage: 100))
        #expect(page?.items.count == 100)
        #expect(page?.items.last?.description == description)
      }
    }

    @Test func bodyOverTheSizeLimitIsRefused() async throws {
      let body = SampleJSON.page(total: 0, items: []) + String(repeating: " ", count: 300_000)
      try await withSearchStub(.json(body)) { server in
        let error = await searchError(liveClient(server, maxResponseBytes: 100_000))
        Self.expectMalformed(error, mentioning: "too large")
      }
    }

    @Test func stallLongerThanTheTimeoutTimesOut() async throws {
      try await withSearchStub(.fault(.stall(seconds: 1_000))) { server in
        var error: GitHubError?
        let took = await elapsed { error = await searchError(liveClient(server, timeout: 1)) }
        #expect(error == .timedOut(after: .seconds(1)))
        // NOTE: well before the stall would end it; the error says which limit ended it.
        #expect(took >= .milliseconds(900) && took < promptBound, "took \(took)")
      }
    }

    @Test func overallDeadlineEndsASearchTheTimeoutWouldNot() async throws {
      try await withSearchStub(.fault(.stall(seconds: 1_000))) { server in
        var error: GitHubError?
        let client = liveClient(server, timeout: 1_000, deadline: .milliseconds(300))
        let took = await elapsed { error = await searchError(client) }
        #expect(error == .timedOut(after: .milliseconds(300)))
        #expect(took < promptBound, "took \(took)")
      }
    }

    @Test func closedPortCannotConnectAndNamesTheHost() async throws {
      let refusing = try RefusingPort()
      defer { extendLifetime(refusing) }
      let port = refusing.port
      let client = GitHubClient.live(
        configuration: configuration(refusing.baseURL, nil, 1_000, .seconds(1_000)))
      var error: GitHubError?
      let took = await elapsed { error = await searchError(client) }
      #expect(error == .cannotConnect(host: "127.0.0.1:\(port)"))
      #expect(error?.description.contains("127.0.0.1:\(port)") == true)
      #expect(took < promptBound, "took \(took), not refused at once")
    }

    @Test func connectionClosedWithoutAnAnswerIsMalformed() async throws {
      try await withSearchStub(.fault(.closeWithoutResponse)) { server in
        let error = await searchError(liveClient(server))
        Self.expectMalformed(error, mentioning: "no readable HTTP answer")
        #expect(server.requests.count == 1)
      }
    }
  }
}
