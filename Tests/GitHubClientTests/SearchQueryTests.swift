import GitHubClient
import Testing

extension GitHubClientTests {
  @Suite struct SearchQueryRules {
    @Test func aQueryIsTrimmedWithItsPageAndPageSizeInRangeHoweverItIsSet() {
      var query = SearchQuery(text: "  swift actor \n", page: 0, perPage: 500)
      #expect(query.text == "swift actor")
      #expect(query.page == 1)
      #expect(query.perPage == 100)
      query.text = "\tlanguage:c "
      query.page = -3
      query.perPage = 0
      #expect(query == SearchQuery(text: "language:c", page: 1, perPage: 1))
    }

    @Test func theCapIsSpelledFromItsNumber() {
      #expect(ResultCap.maxResults == 1_000)
      #expect(ResultCap.maxResultsText == "1,000")
      #expect(GitHubError.beyondResultCap.description.contains("first 1,000 results"))
    }

    @Test func aNextPageExistsOnlyWhenLinkedAndBeforeTheCap() {
      let linked = SearchPage(
        query: SearchQuery(text: "a", page: 9, perPage: 100), items: [], totalCount: 5_000,
        nextPage: 10)
      #expect(ResultCap.hasPage(after: linked))
      var atCap = linked
      atCap.query.page = 10
      atCap.nextPage = 11
      #expect(!ResultCap.hasPage(after: atCap))
      var unlinked = linked
      unlinked.nextPage = nil
      #expect(!ResultCap.hasPage(after: unlinked))
    }
  }
}

extension GitHubClientTests.SearchQueryRules {
  @Test func aQueryReadsInLogsByItsPublicFields() {
    let query = SearchQuery(text: " swift ", page: 2, perPage: 5)
    #expect(
      Mirror(reflecting: query).children.map { $0.label ?? "" } == [
        "text", "sort", "order", "page", "perPage",
      ])
    #expect(
      String(reflecting: query)
        == "GitHubClient.SearchQuery(text: \"swift\", sort: GitHubClient.SearchQuery.Sort.bestMatch, "
        + "order: GitHubClient.SearchQuery.Order.descending, page: 2, perPage: 5)")
  }
}
