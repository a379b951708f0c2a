import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  /// No answer grows memory past the response limit: the client counts while it reads, after
  /// inflating, and stops at the limit, for error bodies too.
  ///
  /// NOTE: answers that never end (an endless body, a gzip bomb, endless error bodies) are sent in
  /// child processes of their own (``MemoryCheck``): corelibs goes on receiving such an answer
  /// until the server stops, and an inflating one stalls every session of the process meanwhile.
  @Suite(.serialized) struct ResponseLimits {
    static let limit = 1 << 20

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

    @Test func aHundredMegabyteBodyIsRefusedByItsAnnouncedLength() async throws {
      let body = StubResponse.Stream(
        repeated: Array(repeating: UInt8(ascii: "a"), count: 64 << 10), count: 1_600)
      try await withSearchStub(.streamed(body)) { server in
        let client = liveClient(server, deadline: .seconds(30), maxResponseBytes: Self.limit)
        Self.expectTooLarge(await searchError(client))
      }
    }

    @Test func aBodyWithoutALengthIsCountedAndStoppedAtTheLimit() async throws {
      // NOTE: 4 MiB ending when the connection closes: nothing announces that it is too large.
      let body = StubResponse.Stream(
        repeated: Array(repeating: UInt8(ascii: "a"), count: 64 << 10), count: 64,
        announcesLength: false)
      try await withSearchStub(.streamed(body)) { server in
        let client = liveClient(server, deadline: .seconds(30), maxResponseBytes: Self.limit)
        Self.expectTooLarge(await searchError(client))
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
  }
}
