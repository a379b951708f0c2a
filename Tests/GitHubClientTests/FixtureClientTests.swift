import GitHubClient
import Testing

extension GitHubClientTests {
  @Suite struct FixtureClient {
    let client = GitHubClient.fixture

    @Test func bundledRepositoriesLookReal() {
      let fixtures = Repository.fixtures
      #expect((50...100).contains(fixtures.count))
      #expect(Set(fixtures.map(\.id)).count == fixtures.count)
      #expect(Set(fixtures.map(\.fullName)).count == fixtures.count)
      #expect(fixtures.contains { $0.description == nil })
      #expect(fixtures.contains { $0.language == nil })
      #expect(fixtures.contains { $0.license == nil })
      #expect(fixtures.allSatisfy { $0.fullName.hasPrefix($0.owner + "/") })
      #expect(fixtures.allSatisfy { $0.htmlURL == "https://github.com/" + $0.fullName })
    }

    @Test func wordsMatchNameOwnerDescriptionOrLanguageIgnoringCase() async throws {
      let page = try #require(await searchPage(client, SearchQuery(text: "SWIFT", perPage: 100)))
      #expect(page.totalCount >= 10)
      #expect(page.items.count == page.totalCount)
      for repository in page.items {
        let text = [repository.fullName, repository.description ?? "", repository.language ?? ""]
        #expect(text.joined().lowercased().contains("swift"), "\(repository.fullName)")
      }
      let byOwner = try #require(await searchPage(client, SearchQuery(text: "MarrowLabs")))
      #expect(byOwner.items.map(\.owner) == ["marrowlabs", "marrowlabs", "marrowlabs"])
      let allWords = try #require(await searchPage(client, SearchQuery(text: "swift linux")))
      #expect(allWords.items.map(\.fullName).contains("tidewater/quayside"))
      #expect(allWords.items.allSatisfy { $0.description?.lowercased().contains("linux") == true })
    }

    @Test func languageAndUserQualifiersMatchExactly() async throws {
      let cpp = try #require(await searchPage(client, SearchQuery(text: "language:c++")))
      #expect(cpp.totalCount > 0)
      #expect(cpp.items.allSatisfy { $0.language == "C++" })
      let c = try #require(await searchPage(client, SearchQuery(text: "language:C", perPage: 50)))
      #expect(c.items.allSatisfy { $0.language == "C" })
      let user = try #require(await searchPage(client, SearchQuery(text: "user:tidewater ferrule")))
      #expect(user.items.map(\.fullName) == ["tidewater/ferrule", "tidewater/ferrule-examples"])
    }

    @Test func sortsByStarsUpdatedAndBestMatch() async throws {
      let text = "swift"
      let stars = try #require(await searchPage(client, SearchQuery(text: text, sort: .stars)))
      #expect(stars.items.map(\.stars) == stars.items.map(\.stars).sorted(by: >))
      let fewest = try #require(
        await searchPage(client, SearchQuery(text: text, sort: .stars, order: .ascending)))
      #expect(fewest.items.map(\.stars) == fewest.items.map(\.stars).sorted())
      let updated = try #require(await searchPage(client, SearchQuery(text: text, sort: .updated)))
      #expect(updated.items.map(\.updatedAt) == updated.items.map(\.updatedAt).sorted(by: >))
      let best = try #require(await searchPage(client, SearchQuery(text: "kettle")))
      #expect(best.items.first?.fullName == "pennywhistle/kettle")
    }

    @Test func pagesLikeGitHub() async throws {
      let first = try #require(await searchPage(client, SearchQuery(text: "swift", perPage: 3)))
      let last = try #require(first.lastPage)
      #expect(first.items.count == 3)
      #expect(first.query == SearchQuery(text: "swift", perPage: 3))
      #expect(first.nextPage == 2 && first.previousPage == nil)
      #expect(last == (first.totalCount + 2) / 3)

      let end = try #require(
        await searchPage(client, SearchQuery(text: "swift", page: last, perPage: 3)))
      #expect(end.nextPage == nil && end.lastPage == nil && end.previousPage == last - 1)
      #expect((1...3).contains(end.items.count))

      let single = try #require(await searchPage(client, SearchQuery(text: "kettle")))
      #expect(single.nextPage == nil && single.previousPage == nil && single.lastPage == nil)
    }

    @Test func resultCapAndEmptyQueriesAreRefused() async {
      let pastCap = SearchQuery(text: "a", page: 11, perPage: 100)
      #expect(await searchError(client, pastCap) == .beyondResultCap)
      let empty = await searchError(client, SearchQuery(text: " "))
      #expect(empty == .emptyQuery)
      // NOTE: offline, GitHub was not asked: the message must not say it refused (#32 item 20).
      #expect(empty?.description == "The search text is empty, so GitHub was not asked.")
      let nothing = await searchPage(client, SearchQuery(text: "no-such-repository-anywhere"))
      #expect(nothing?.items.isEmpty == true && nothing?.totalCount == 0)
    }

    @Test func aQueryOfOnlyIgnoredQualifiersMatchesEveryRepository() async throws {
      let all = Repository.fixtures.count
      let stars = try #require(
        await searchPage(client, SearchQuery(text: "stars:>100", perPage: 100)))
      #expect(stars.totalCount == all)
      let two = try #require(
        await searchPage(client, SearchQuery(text: "is:public fork:true", perPage: 100)))
      #expect(two.totalCount == all)
    }

    @Test func moreThanAThousandMatchesStopAtTheCap() async throws {
      let many = (1...1_500).map { index in
        Repository(
          id: Int64(index), fullName: "bulk/repo-\(index)", owner: "bulk", description: nil,
          language: "Go", stars: index, forks: 0, license: nil,
          htmlURL: "https://github.com/bulk/repo-\(index)", updatedAt: "2026-01-01T00:00:00Z")
      }
      let client = GitHubClient.fixture(searching: many)
      let first = try #require(
        await searchPage(client, SearchQuery(text: "repo", sort: .stars, perPage: 100)))
      #expect(first.totalCount == 1_500)
      #expect(first.lastPage == 10)
      #expect(first.items.first?.stars == 1_500)
      let tenth = try #require(
        await searchPage(client, SearchQuery(text: "repo", page: 10, perPage: 100)))
      #expect(tenth.items.count == 100 && tenth.nextPage == nil)
      let pastCap = SearchQuery(text: "repo", page: 11, perPage: 100)
      #expect(await searchError(client, pastCap) == .beyondResultCap)
    }
  }
}
