import Foundation
import GitHubClient
import StubHTTPServer
import Testing

@testable import GitHubClientLive

extension GitHubClientTests {
  /// A server that redirects may send the client anywhere; the token stays with its origin.
  @Suite struct Redirects {
    enum Elsewhere: String, CaseIterable, Sendable {
      case otherHost, otherPort, localhost
    }

    static let emptyPage = StubResponse.json(SampleJSON.page(total: 0, items: []))

    static func redirect(_ status: Int, to location: String) -> StubResponse {
      StubResponse(status: status, headers: [("Location", location)])
    }

    @Test(arguments: [301, 302, 303, 307, 308], Elsewhere.allCases)
    func theTokenNeverFollowsARedirectToAnotherOrigin(status: Int, elsewhere: Elsewhere)
      async throws
    {
      try await withStub { origin in
        let other = try StubHTTPServer(
          routes: ["/elsewhere": Self.emptyPage],
          address: elsewhere == .otherHost ? .second : .first)
        defer { other.stop() }
        origin.setRoute("/elsewhere", Self.emptyPage)
        let target =
          switch elsewhere {
          case .otherHost, .otherPort: other.baseURL.absoluteString + "/elsewhere"
          case .localhost: "http://localhost:\(origin.port)/elsewhere"
          }
        origin.setRoute(searchPath, Self.redirect(status, to: target))

        #expect(await searchPage(liveClient(origin, token: secretToken)) != nil)
        let received = origin.requests + other.requests
        #expect(received.map(\.path) == [searchPath, "/elsewhere"])
        #expect(received.first?.header("Authorization") == "Bearer \(secretToken)")
        #expect(received.last?.header("Authorization") == nil, "the token left its origin")
      }
    }

    @Test func aRedirectWithinTheOriginKeepsTheToken() async throws {
      try await withStub { origin in
        origin.setRoute(
          searchPath, Self.redirect(307, to: origin.baseURL.absoluteString + "/moved"))
        origin.setRoute("/moved", Self.emptyPage)
        #expect(await searchPage(liveClient(origin, token: secretToken)) != nil)
        #expect(origin.requests.map(\.path) == [searchPath, "/moved"])
        #expect(origin.requests.last?.header("Authorization") == "Bearer \(secretToken)")
      }
    }

    @Test func serversBouncingTheClientBetweenTwoHostsNeverGetTheToken() async throws {
      try await withStub { origin in
        let (first, second) = try (
          StubHTTPServer(),
          StubHTTPServer(address: .second)
        )
        defer {
          first.stop()
          second.stop()
        }
        // NOTE: origin → second → first → second …, ten hops, each path once, then a page.
        let bouncers = [second, first]
        origin.setRoute(searchPath, Self.redirect(302, to: "\(second.baseURL)/bounce1"))
        for hop in 1...10 {
          let next = bouncers[hop % 2]
          bouncers[(hop - 1) % 2].setRoute(
            "/bounce\(hop)",
            hop == 10 ? Self.emptyPage : Self.redirect(302, to: "\(next.baseURL)/bounce\(hop + 1)"))
        }

        #expect(await searchPage(liveClient(origin, token: secretToken)) != nil)
        let bounced = first.requests + second.requests
        #expect(bounced.count == 10)
        #expect(bounced.allSatisfy { $0.header("Authorization") == nil })
      }
    }

    @Test(arguments: [
      ("https://api.github.com/search", "https://api.github.com/x?page=2", true),
      ("https://api.github.com", "https://API.github.com:443/x", true),
      ("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b", true),
      ("https://api.github.com", "http://api.github.com/x", false),
      ("https://api.github.com", "https://api.github.com:8443/x", false),
      ("https://api.github.com", "https://evil.example/x", false),
      ("https://api.github.com", "https://github.com/x", false),
      ("http://127.0.0.1:8080", "http://localhost:8080/x", false),
      ("http://127.0.0.1:8080", "http://127.0.0.2:8080/x", false),
    ])
    func credentialsStayOnlyWithTheSameSchemeHostAndPort(
      from: String, to: String, same: Bool
    ) {
      #expect(Origin(URL(string: from)!) == Origin(URL(string: to)!) ? same : !same)
    }
  }
}
