import ActomatonTesting
import Foundation
import GitHubClient
import GitHubSearchFeature
import TestSupport
import Testing

/// Seeded random sequences of every action a host sends, with extreme positions and queries and
/// a client that answers late, fails, rate-limits with extreme numbers, says `.cancelled` on its
/// own or stalls, checking the rules after every step.
///
/// `FEATURE_FUZZ_STEPS=100000 swift test --filter GitHubSearchFuzzTests` for the long run;
/// `FEATURE_FUZZ_SEED=<seed>` replays a failure.
@Suite struct GitHubSearchFuzzTests {
  enum Host: Equatable, Sendable { case feature(GitHubSearch.Action), close }

  static let host = Reducer<Host, GitHubSearch.State, GitHubSearch.Environment> {
    action, state, environment in
    switch action {
    case let .feature(action):
      GitHubSearch.reducer.run(action, &state, environment).map(Host.feature)
    case .close: .nextAction(.feature(.cancelSearch))
    }
  }

  static func client(_ random: FuzzRandom, _ clock: TestClock) -> GitHubClient {
    GitHubClient { query throws(GitHubError) in
      do { try await random.answerDelay(on: clock) } catch { throw .cancelled }
      let extreme = random.pick(FeatureFuzz.extremeNumbers)
      switch random.below(12) {
      case 0: throw .cancelled
      case 1: throw .rateLimited(resetAt: nil, retryAfter: extreme, authenticated: false)
      case 2: throw .rateLimited(resetAt: extreme, retryAfter: nil, authenticated: true)
      case 3: throw .server(status: 502)
      default: return try await GitHubClient.fixture.searchRepositories(query)
      }
    }
  }

  func action(_ random: FuzzRandom, _ state: GitHubSearch.State) -> Host {
    switch random.below(11) {
    case 0, 1: .feature(.search(random.chance(500) ? random.text() : "swift"))
    case 2, 3: .feature(.nextPage)
    case 4: .feature(.previousPage)
    case 5: .feature(.setSort(random.pick(SearchQuery.Sort.allCases)))
    case 6, 7: .feature(.select(position: random.position(upTo: state.results.count)))
    case 8: .feature(.deselect)
    case 9: .feature(.cancelSearch)
    default: .close
    }
  }

  func problems(_ state: GitHubSearch.State, inFlight: Bool, now: Date) -> [String] {
    var problems: [String] = []
    if state.isLoading, !inFlight { problems.append("loading with nothing in flight") }
    if state.page < 1 { problems.append("page \(state.page)") }
    if let selected = state.selected, !state.results.contains(selected) {
      problems.append("selected \(selected.fullName), which is not shown")
    }
    if let until = state.rateLimitedUntil, until.timeIntervalSince(now) > 3_600 {
      problems.append("paused until \(until), over an hour away")
    }
    if let pause = state.failure?.pause, !(1...3_600).contains(pause) {
      problems.append("a pause of \(pause) s")
    }
    if state.hasNextPage, ResultCap.isBeyond(page: state.page + 1, perPage: 10) {
      problems.append("a next page past the cap")
    }
    return problems
  }

  @Test func randomHostSessionsKeepTheRules() async {
    let seed = FeatureFuzz.seed(default: 0x61_7405)
    let seedText = FeatureFuzz.seedText(seed)
    let random = FuzzRandom(seed: seed)
    let clock = TestClock()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let environment = GitHubSearch.Environment(
      client: Self.client(random, clock), clock: clock,
      now: { start.addingTimeInterval(clock.now.offset / .seconds(1)) })
    let store = TestStore(
      initialState: GitHubSearch.State(), reducer: Self.host, environment: environment,
      clock: clock)
    store.exhaustivity = .off
    var (reported, shown) = (0, 0)
    for step in 0..<FeatureFuzz.steps where reported < 5 {
      let action = action(random, store.state)
      await store.send(action)
      await clock.advance(by: .milliseconds(random.below(random.chance(50) ? 600_000 : 1_500)))
      await store.skipReceivedActions()
      let inFlight = await !store.liveEffectIDs().isEmpty
      if !store.state.results.isEmpty { shown += 1 }
      for problem in problems(store.state, inFlight: inFlight, now: environment.now()) {
        reported += 1
        Issue.record("FEATURE_FUZZ_SEED=\(seedText) step \(step) after \(action): \(problem)")
      }
    }
    print("fuzz: github seed \(seedText), \(FeatureFuzz.steps) steps, \(shown) showing results")
    await store.skipInFlightEffects()
    await store.finish()
  }
}
