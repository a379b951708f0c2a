import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  /// No answer grows memory past the response limit: the client counts while it reads, after
  /// inflating, and stops at the limit, for error bodies too.
  @Suite(.serialized) struct ResponseLimits {
    static let limit = 1 << 20

    /// 64 KiB of `a`, sent again and again.
    static func body(repeats: Int?) -> StubResponse.Stream {
      StubResponse.Stream(
        prefix: Array(#"{"total_count": 1, "items": [], "padding": ""#.utf8),
        repeated: Array(repeating: UInt8(ascii: "a"), count: 64 << 10), count: repeats)
    }

    static func expectTooLarge(
      _ error: GitHubError?, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      guard case let .malformedResponse(detail)? = error,
        detail.contains("too large (over the limit of 1 MiB)")
      else {
        Issue.record(
          "expected an answer over the limit, got \(String(describing: error))",
          sourceLocation: sourceLocation)
        return
      }
    }

    // NOTE: what memory these take is measured in a process of its own (``MemoryCheck``); here
    // they show the search ends at the limit. Each floods a session of its own: corelibs goes on
    // receiving until `cancel()` gets its turn on the session's work queue, or the server stops.

    @Test func anEndlessBodyStopsAtTheLimitLongBeforeTheDeadline() async throws {
      try await withSearchStub(.streamed(Self.body(repeats: nil))) { server in
        let client = liveClient(
          server, deadline: .seconds(30), maxResponseBytes: Self.limit,
          session: GitHubClient.Session())
        var error: GitHubError?
        let took = await elapsed { error = await searchError(client) }
        Self.expectTooLarge(error)
        #expect(took < .seconds(30), "it ran into the deadline")
      }
    }

    @Test func aHundredMegabyteBodyIsRefusedByItsAnnouncedLength() async throws {
      try await withSearchStub(.streamed(Self.body(repeats: 1_600))) { server in
        let client = liveClient(
          server, deadline: .seconds(30), maxResponseBytes: Self.limit,
          session: GitHubClient.Session())
        Self.expectTooLarge(await searchError(client))
      }
    }

    @Test func aGzipBombIsCountedInflatedAndStoppedAtTheLimit() async throws {
      try await withSearchStub(GzipBomb.response()) { server in
        let client = liveClient(
          server, deadline: .seconds(30), maxResponseBytes: Self.limit,
          session: GitHubClient.Session())
        var error: GitHubError?
        let took = await elapsed { error = await searchError(client) }
        Self.expectTooLarge(error)
        #expect(took < .seconds(30), "it ran into the deadline")
      }
    }

    @Test func aHugeErrorMessageIsCutShortWhenShown() async throws {
      let message = String(repeating: "very long message ", count: 300_000)
      let body = #"{"message": "\#(message)"}"#
      try await withSearchStub(.json(body, status: 422)) { server in
        let error = await searchError(liveClient(server, maxResponseBytes: 8 << 20))
        guard case let .validation(shown)? = error else {
          Issue.record("expected a validation error, got \(String(describing: error))")
          return
        }
        #expect(shown.count <= 300)
        #expect(shown.hasPrefix("very long message") || shown == "Validation Failed")
      }
    }

    @Test(arguments: [
      (422, GitHubError.validation("Validation Failed")), (403, .unexpectedStatus(403)),
      (500, .server(status: 500)), (404, .unexpectedStatus(404)),
    ])
    func anEndlessErrorBodyIsNotReadToItsEnd(status: Int, expected: GitHubError) async throws {
      let response = StubResponse.streamed(Self.body(repeats: nil), status: status)
      try await withSearchStub(response) { server in
        let client = liveClient(
          server, deadline: .seconds(30), maxResponseBytes: Self.limit,
          session: GitHubClient.Session())
        #expect(await searchError(client) == expected, "it ran into the deadline")
      }
    }
  }
}
