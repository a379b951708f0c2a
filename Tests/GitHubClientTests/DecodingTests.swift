import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  @Suite struct DecodingAndPaging {
    @Test func realisticPageDecodesWithNullableFields() async throws {
      let response = StubResponse.json(
        SampleJSON.realisticPage,
        headers: [("x-ratelimit-remaining", "9"), ("x-ratelimit-resource", "search")])
      try await withSearchStub(response) { server in
        let page = try #require(await searchPage(liveClient(server)))

        #expect(page.totalCount == 3)
        #expect(page.incompleteResults == false)
        #expect(page.query.text == "swift")
        #expect(page.nextPage == nil && page.previousPage == nil && page.lastPage == nil)
        #expect(
          page.items[0]
            == Repository(
              id: 918_273_645, fullName: "octo-dev/ghsearch", owner: "octo-dev",
              description: "A repository", language: "Swift", stars: 1_287, forks: 64,
              license: "MIT", htmlURL: "https://github.com/octo-dev/ghsearch",
              updatedAt: "2026-10-01T12:00:00Z"))
        let bare = page.items[1]
        #expect(bare.owner == "jdoe")
        #expect(bare.description == nil && bare.language == nil && bare.license == nil)
        #expect(page.items[2].license == "Other")
      }
    }

    @Test func pagesComeFromTheLinkHeader() async throws {
      let url = "https://api.github.com/search/repositories?q=swift&per_page=10&page="
      let link =
        #"<\#(url)4>; rel="next", <\#(url)2>; rel="prev", "#
        + #"<\#(url)100>; rel="last", <\#(url)1>; rel="first""#
      let response = StubResponse.json(
        SampleJSON.page(total: 4_321, incomplete: true, items: []), headers: [("link", link)])
      try await withSearchStub(response) { server in
        let query = SearchQuery(text: "swift", page: 3)
        let page = try #require(await searchPage(liveClient(server), query))

        #expect(page.nextPage == 4)
        #expect(page.previousPage == 2)
        #expect(page.lastPage == 100)
        #expect(page.totalCount == 4_321)
        #expect(page.incompleteResults)
      }
    }

    @Test func linkHeaderNameAndRelationsAreReadLoosely() async throws {
      let link =
        #"<http://x/search?page=7&q=a>; REL="Next Last",<garbage>, <http://x?page=5>;rel=prev"#
      let response = StubResponse.json(
        SampleJSON.page(total: 100, items: []), headers: [("LINK", link)])
      try await withSearchStub(response) { server in
        let page = try #require(await searchPage(liveClient(server)))

        #expect(page.nextPage == 7)
        #expect(page.lastPage == 7)
        #expect(page.previousPage == 5)
      }
    }

    @Test func linksPastTheResultCapAreDropped() async throws {
      let link =
        #"<https://api.github.com/x?q=a&per_page=100&page=11>; rel="next", "#
        + #"<https://api.github.com/x?q=a&per_page=100&page=34>; rel="last""#
      let response = StubResponse.json(
        SampleJSON.page(total: 3_400, items: []), headers: [("Link", link)])
      try await withSearchStub(response) { server in
        let query = SearchQuery(text: "a", page: 10, perPage: 100)
        let page = try #require(await searchPage(liveClient(server), query))

        #expect(page.nextPage == nil)
        #expect(page.lastPage == 10)
        #expect(page.totalCount == 3_400)
      }
    }
  }
}
