import ActomatonTesting
import GitHubSearchFeature
import Testing

extension GitHubSearchTests {
  @Test func cancellingASearchInFlightStopsItSaysSoAndKeepsTheResultsShown() async {
    let h = Self.harness(latency: .seconds(1))
    await Self.searched("swift", in: h, latency: .seconds(1))
    let shown = h.store.state.results
    await h.store.send(.nextPage) { $0.request = Self.query("swift", page: 2) }
    await h.clock.advance(by: .milliseconds(500))
    await h.store.send(.cancelSearch) {
      $0.request = nil
      $0.failure = .init(.cancelled)
    }
    await h.clock.advance(by: .seconds(5))
    #expect(h.store.state.results == shown)
    await h.store.send(.nextPage) {
      $0.failure = nil
      $0.request = Self.query("swift", page: 2)
    }
    await h.clock.advance(by: .seconds(1))
    await h.store.receive(.searchResponse(.success(Self.page(Self.query("swift", page: 2))))) {
      Self.show(Self.page(Self.query("swift", page: 2)), in: &$0)
    }
    await h.store.finish()
  }

  @Test func cancellingWithNoSearchInFlightChangesNothing() async {
    let h = Self.harness()
    await h.store.send(.cancelSearch)
    await h.store.finish()
  }
}
