import ActomatonTesting
import AuthClient
import OutsideText
import StateDiagramFeature
import TestSupport
import Testing

/// Seeded random sequences of every action a host sends, with extreme user IDs and an auth
/// client that answers late, fails, says `.cancelled` on its own or stalls, checking the rules
/// after every step: never waiting with nothing in flight, no question about what is gone.
///
/// `FEATURE_FUZZ_STEPS=100000 swift test --filter StateDiagramFuzzTests` for the long run;
/// `FEATURE_FUZZ_SEED=<seed>` replays a failure.
@Suite struct StateDiagramFuzzTests {
  typealias Host = StateDiagramHostTests.Host

  static func auth(_ random: FuzzRandom, _ clock: TestClock) -> AuthClient {
    @Sendable func answer() async throws(AuthError) -> AuthClient.Done {
      do { try await random.answerDelay(on: clock) } catch { throw .cancelled }
      switch random.below(10) {
      case 0: throw .cancelled
      case 1, 2: throw .refused("fuzz")
      default: return AuthClient.Done()
      }
    }
    return AuthClient(login: { _ throws(AuthError) in try await answer() }, logout: answer)
  }

  func action(_ random: FuzzRandom) -> Host {
    switch random.below(9) {
    case 0, 1: .feature(.login(userID: random.text()))
    case 2: .feature(.logout)
    case 3: .feature(.logoutConfirmed)
    case 4: .feature(.forceLogout)
    case 5, 6: .feature(.answer(random.pick([.yes, .no])))
    case 7: .feature(.cancelRequest)
    default: .close
    }
  }

  func problems(_ state: StateDiagram.State, inFlight: Bool) -> [String] {
    var problems: [String] = []
    if state.phase == .loggingIn || state.phase == .loggingOut, !inFlight {
      problems.append("stuck in \(state.phase) with nothing in flight")
    }
    if state.phase == .loggedOut, state.userID != nil { problems.append("logged out as a user") }
    if state.phase == .loggedIn || state.phase == .loggingIn, state.userID == nil {
      problems.append("\(state.phase) with no user")
    }
    if let question = state.confirmation?.question {
      if state.phase != .loggedIn { problems.append("'\(question)' outlived \(state.phase)") }
      if question.contains(where: \.isNewline) { problems.append("a question of two lines") }
      let user = state.userID ?? ""
      let quoted = "\"" + user.terminalSafe(keepingLineBreaks: false) + "\""
      if question != "Log out \(user)?", question != "Log out \(quoted)?" {
        problems.append("'\(question)' is not about \(user.debugDescription)")
      }
    }
    return problems
  }

  @Test func randomHostSessionsKeepTheRules() async {
    let seed = FeatureFuzz.seed(default: 0x10_6F22)
    let seedText = FeatureFuzz.seedText(seed)
    let random = FuzzRandom(seed: seed)
    let clock = TestClock()
    let store = TestStore(
      initialState: StateDiagram.State(), reducer: StateDiagramHostTests.host,
      environment: .init(auth: Self.auth(random, clock)), clock: clock)
    store.exhaustivity = .off
    var (reported, waiting) = (0, 0)
    for step in 0..<FeatureFuzz.steps where reported < 5 {
      let action = action(random)
      await store.send(action)
      await clock.advance(by: .milliseconds(random.below(1_500)))
      await store.skipReceivedActions()
      let inFlight = await !store.liveEffectIDs().isEmpty
      if inFlight { waiting += 1 }
      for problem in problems(store.state, inFlight: inFlight) {
        reported += 1
        Issue.record("FEATURE_FUZZ_SEED=\(seedText) step \(step) after \(action): \(problem)")
      }
    }
    print("fuzz: login seed \(seedText), \(FeatureFuzz.steps) steps, \(waiting) with a request")
    await store.skipInFlightEffects()
    await store.finish()
  }
}
