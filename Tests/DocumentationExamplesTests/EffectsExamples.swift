import Actomaton
import ActomatonTesting
import Testing

/// The listings of the article "Effects, ids and queues".
@Suite struct EffectsExamples {
  enum Action: Sendable, Equatable {
    case search(String)
    case results(String, [String])
  }

  struct State: Sendable, Equatable {
    var query = ""
    var results: [String] = []
  }

  /// Only the newest search runs: a new one cancels the one before.
  struct SearchQueue: Newest1EffectQueueProtocol {}

  static func reducer(clock: TestClock) -> Reducer<Action, State, Void> {
    Reducer { action, state, _ in
      switch action {
      case .search(let query):
        state.query = query
        return Effect(queue: SearchQueue()) {
          try await clock.sleep(for: .seconds(1))  // the server's latency
          return .results(query, [query + "-kit", query + "-ui"])
        }
      case .results(let query, let results):
        guard query == state.query else { return .empty }
        state.results = results
        return .empty
      }
    }
  }

  @Test func aNewSearchCancelsTheOneInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: State(), reducer: Self.reducer(clock: clock), clock: clock)
    // t = 0 s: "sw" starts.
    await store.send(.search("sw")) { $0.query = "sw" }
    // t = 0.5 s: "swift" starts; the queue cancels "sw".
    await clock.advance(by: .milliseconds(500))
    await store.send(.search("swift")) { $0.query = "swift" }
    // t = 1.5 s: only "swift" answers.
    await clock.advance(by: .seconds(1))
    await store.receive(.results("swift", ["swift-kit", "swift-ui"])) {
      $0.results = ["swift-kit", "swift-ui"]
    }
  }
}
