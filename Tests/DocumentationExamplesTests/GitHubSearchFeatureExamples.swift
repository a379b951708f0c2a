import Actomaton
import ActomatonTesting
import GitHubClient
import GitHubSearchFeature
import Testing

/// The listing of "Using it" on GitHubSearchFeature's page
/// (`Features/GitHubSearch/GitHubSearchFeature.docc`).
@Suite struct GitHubSearchFeatureExamples {
  @Test func aHostSearchesTheFixtureAndSelectsTheFirstResult() async throws {
    let search = Actomaton(
      state: GitHubSearch.State(), reducer: GitHubSearch.reducer,
      environment: GitHubSearch.Environment(client: .fixture, clock: ContinuousClock()))
    let answer = await search.send(.search("actor"))  // waits 300 ms, then searches
    try await answer?.value  // the first page is shown
    await search.send(.select(position: 1))
    let name = await search.state.selected?.fullName  // "delphine-ruiz/swift-actor-playground"
    #expect(answer != nil)
    #expect(name == "delphine-ruiz/swift-actor-playground")
    let state = await search.state
    #expect(state.query == "actor" && state.page == 1 && !state.isLoading)
    #expect(state.results.first?.fullName == name)
  }

  /// The listing's sends on a test clock, each state its comments name asserted in between.
  @Test func theListingsSearchWaitsForTheDebounceThenShowsTheFirstPage() async throws {
    let clock = TestClock()
    let store = TestStore(
      initialState: GitHubSearch.State(), reducer: GitHubSearch.reducer,
      environment: GitHubSearch.Environment(client: .fixture, clock: clock), clock: clock)
    let query = SearchQuery(text: "actor")
    let page = try await GitHubClient.fixture.searchRepositories(query)
    await store.send(.search("actor")) {
      $0.query = "actor"
      $0.request = query
    }
    await clock.advance(by: .milliseconds(299))
    #expect(clock.sleeperCount == 1)  // the debounce, still waiting
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searchResponse(.success(page))) {
      $0.request = nil
      $0.results = page.items
      $0.totalCount = page.totalCount
    }
    await store.send(.select(position: 1)) { $0.selected = page.items.first }
    #expect(store.state.selected?.fullName == "delphine-ruiz/swift-actor-playground")
  }
}
