import ActomatonDebugging
import Testing

@testable import Actomaton

/// `ActomatonObserver.debug` and `.log`: the runtime's whole story, without wrapping the reducer.
@Suite struct ObserverLogTests {
  typealias State = DebugReducerTests.State
  typealias Action = DebugReducerTests.Action

  static func make(_ observer: ActomatonObserver<Action, State>) -> Actomaton<Action, State> {
    Actomaton(state: State(), reducer: DebugReducerTests.reducer, observer: observer)
  }

  @Test func everyActionIsLoggedWithItsChangeIncludingFedBackOnes() async throws {
    let log = Locked<[String]>([])
    let formatting = LogFormatting.background()
    let actomaton = Self.make(
      .debug("app", to: { entry in log.withLock { $0.append(entry) } }, formatting: formatting))
    try await actomaton.send(.later)?.value
    await actomaton.send(.noop)
    formatting.flush()
    #expect(
      log.withLock { $0 } == [
        "[app] action: later\n[app]   (no state change)",
        "[app] action: increment\n[app]   .count: 0 → 1",
        "[app] action: noop\n[app]   (no state change)",
      ])
  }

  @Test func effectEventsAreLoggedWhenAsked() async throws {
    let log = Locked<[String]>([])
    let actomaton = Self.make(
      .log(
        format: .actionOnly, to: { entry in log.withLock { $0.append(entry) } }, effects: true,
        formatting: .inline))
    try await actomaton.send(.later)?.value
    #expect(
      log.withLock { $0 } == [
        "action: later", "effect #1 started", "effect #1 finished", "action: increment",
      ])
  }

  @Test func onlyActionsPassingTheFilterAreLoggedAndTheFullStateFormatShowsTheState() async {
    let log = Locked<[String]>([])
    let actomaton = Self.make(
      .log(
        format: .fullState, to: { entry in log.withLock { $0.append(entry) } },
        when: { $0 != .noop }, formatting: .inline))
    await actomaton.send(.noop)
    await actomaton.send(.rename("y"))
    #expect(log.withLock { $0 } == ["action: rename(\"y\")\nstate: State(count: 0, name: \"y\")"])
  }

  @Test func combinedObserversAreToldInOrder() async {
    let log = Locked<[String]>([])
    let first = ActomatonObserver<Action, State>(actionReceived: { action, _ in
      log.withLock { $0.append("first \(action)") }
    })
    let second = ActomatonObserver<Action, State>(actionReceived: { action, origin in
      log.withLock { $0.append("second \(action) from \(origin)") }
    })
    await Self.make(.combine([first, second])).send(.noop)
    #expect(log.withLock { $0 } == ["first noop", "second noop from send"])
  }
}
