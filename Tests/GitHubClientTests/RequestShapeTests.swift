import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  @Suite struct RequestShape {
    static let emptyPage = StubResponse.json(SampleJSON.page(total: 0, items: []))

    @Test func searchSendsPathQueryAndGitHubHeaders() async throws {
      try await withSearchStub(Self.emptyPage) { server in
        let query = SearchQuery(
          text: "tetris language:c++ stars:>10", sort: .stars, page: 2, perPage: 25,
          order: .ascending)
        _ = await searchPage(liveClient(server, token: secretToken), query)

        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == "GET")
        #expect(request.path == searchPath)
        #expect(request.queryValue("q") == "tetris language:c++ stars:>10")
        #expect(request.queryValue("sort") == "stars")
        #expect(request.queryValue("order") == "asc")
        #expect(request.queryValue("per_page") == "25")
        #expect(request.queryValue("page") == "2")
        #expect(request.header("accept") == "application/vnd.github+json")
        #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
        #expect(request.header("User-Agent") == GitHubClient.Configuration.defaultUserAgent)
        #expect(request.header("Authorization") == "Bearer \(secretToken)")
      }
    }

    @Test func plusSignsInTheQueryArePercentEncodedOnTheWire() async throws {
      try await withSearchStub(Self.emptyPage) { server in
        _ = await searchPage(liveClient(server), SearchQuery(text: "language:c++ a&b=c #x"))

        let raw = try #require(server.requests.first?.rawQuery)
        #expect(raw.contains("language:c%2B%2B"))
        #expect(!raw.contains("+"))
        #expect(server.requests.first?.queryValue("q") == "language:c++ a&b=c #x")
      }
    }

    @Test func noAuthorizationHeaderWithoutAToken() async throws {
      try await withSearchStub(Self.emptyPage) { server in
        _ = await searchPage(liveClient(server, token: nil))

        let request = try #require(server.requests.first)
        #expect(request.header("Authorization") == nil)
        #expect(request.header("User-Agent") == GitHubClient.Configuration.defaultUserAgent)
      }
    }

    @Test func bestMatchSendsNeitherSortNorOrder() async throws {
      try await withSearchStub(Self.emptyPage) { server in
        _ = await searchPage(liveClient(server), SearchQuery(text: "swift", sort: .bestMatch))

        let request = try #require(server.requests.first)
        #expect(request.queryValue("sort") == nil)
        #expect(request.queryValue("order") == nil)
        #expect(request.queryValue("page") == "1")
        #expect(request.queryValue("per_page") == "10")
      }
    }

    @Test func pageAndPerPageAreClampedToWhatGitHubAccepts() async throws {
      try await withSearchStub(Self.emptyPage) { server in
        let asked = SearchQuery(text: "swift", page: 0, perPage: 500)
        let page = await searchPage(liveClient(server), asked)

        #expect(server.requests.first?.queryValue("per_page") == "100")
        #expect(server.requests.first?.queryValue("page") == "1")
        #expect(page?.query == asked)
      }
    }

    @Test func baseURLWithAPathPrefixKeepsIt() async throws {
      try await withSearchStub(Self.emptyPage) { server in
        let prefixed = server.baseURL.appendingPathComponent("api/v3/")
        server.setRoute("/api/v3" + searchPath, Self.emptyPage)
        _ = await searchPage(.live(configuration: configuration(prefixed)))

        #expect(server.requests.map(\.path) == ["/api/v3/search/repositories"])
      }
    }

    @Test func emptyQueryIsRefusedWithoutARequest() async throws {
      try await withSearchStub(Self.emptyPage) { server in
        let error = await searchError(liveClient(server), SearchQuery(text: "  \n"))

        #expect(error == .emptyQuery)
        #expect(server.requests.isEmpty)
      }
    }

    @Test func pagePastTheResultCapIsRefusedWithoutARequest() async throws {
      try await withSearchStub(Self.emptyPage) { server in
        let client = liveClient(server)
        let refused = await searchError(client, SearchQuery(text: "swift", page: 11, perPage: 100))
        let smallPages = await searchError(client, SearchQuery(text: "swift", page: 101))
        #expect(refused == .beyondResultCap)
        #expect(smallPages == .beyondResultCap)
        #expect(server.requests.isEmpty)

        _ = await searchPage(client, SearchQuery(text: "swift", page: 10, perPage: 100))
        #expect(server.requests.count == 1)
        #expect(GitHubError.beyondResultCap.description.contains("1,000"))
      }
    }
  }
}
