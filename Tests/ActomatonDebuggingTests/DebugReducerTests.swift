import ActomatonDebugging
import Testing

@testable import Actomaton

@Suite struct DebugReducerTests {
  struct State: Equatable, Sendable { var count = 0; var name = "x" }
  enum Action: Sendable, Equatable { case increment, rename(String), noop, later }

  static let reducer = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case .increment: state.count += 1
    case let .rename(name): state.name = name
    case .noop: break
    case .later: return Effect { .increment }
    }
    return .empty
  }

  @Test func stateDiffFormatLogsTheActionAndOnlyTheChangedFields() async {
    let log = Locked<[String]>([])
    let actomaton = Actomaton(
      state: State(),
      reducer: Self.reducer.debug("Counter", to: { entry in log.withLock { $0.append(entry) } }))
    await actomaton.send(.increment)
    await actomaton.send(.noop)
    #expect(
      log.withLock { $0 } == [
        "[Counter] action: increment\n[Counter]   .count: 0 → 1",
        "[Counter] action: noop\n[Counter]   (no state change)",
      ])
  }

  @Test func otherFormats() async {
    let log = Locked<[String]>([])
    let sink: LogSink = { entry in log.withLock { $0.append(entry) } }
    let actionOnly = Actomaton(
      state: State(), reducer: Self.reducer.log(format: .actionOnly, to: sink))
    await actionOnly.send(.rename("y"))
    let full = Actomaton(state: State(), reducer: Self.reducer.log(format: .fullState, to: sink))
    await full.send(.increment)
    #expect(
      log.withLock { $0 } == [
        "action: rename(\"y\")",
        "action: increment\nstate: State(count: 1, name: \"x\")",
      ])
  }

  @Test func onlyActionsPassingTheFilterAreLogged() async {
    let log = Locked<[String]>([])
    let enabled = Locked(false)
    let reducer = Self.reducer.log(
      format: .actionOnly, to: { entry in log.withLock { $0.append(entry) } },
      when: { action in enabled.withLock { $0 } && action != .noop })
    let actomaton = Actomaton(state: State(), reducer: reducer)
    await actomaton.send(.increment)
    enabled.withLock { $0 = true }
    await actomaton.send(.noop)
    await actomaton.send(.increment)
    #expect(log.withLock { $0 } == ["action: increment"])
    #expect(await actomaton.state.count == 2, "unlogged actions still run")
  }

  @Test func loggingChangesNeitherTheEffectNorTheSendTask() async throws {
    let silent: LogSink = { _ in }
    let plain = Actomaton(state: State(), reducer: Self.reducer)
    let logged = Actomaton(state: State(), reducer: Self.reducer.debug(to: silent))
    #expect(await plain.send(.increment) == nil)
    #expect(await logged.send(.increment) == nil, "logging adds no task")
    var state = State()
    #expect(Self.reducer.debug(to: silent).run(.later, &state, ()).parts.count == 1)
    try await logged.send(.later)?.value
    #expect(await logged.state.count == 2)
  }
}
