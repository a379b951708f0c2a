import Testing

@testable import Actomaton

/// Rules 1–3: the reducer runs inside `send`, `nextAction` is depth-first, parts run in order.
@Suite struct EffectOrderTests {
  enum Action: Sendable, Equatable {
    case start, a, b, c, d
    case log(String)
  }

  @Test func reducerChangeIsVisibleWhenSendReturns() async {
    let actomaton = Actomaton<Action, [String]>(
      state: [],
      reducer: Reducer { action, state, _ in
        state.append("\(action)")
        return .empty
      })
    for _ in 0..<100 { await actomaton.send(.a) }
    #expect(await actomaton.state.count == 100)
  }

  @Test func nextActionsAreReducedDepthFirstBeforeSendReturnsWithoutATask() async {
    let actomaton = Actomaton<Action, [String]>(
      state: [],
      reducer: Reducer { action, state, _ in
        state.append("\(action)")
        switch action {
        case .start: return .nextAction(.a) + .nextAction(.d)
        case .a: return .combine(.nextAction(.b), .nextAction(.c))
        default: return .empty
        }
      })
    let task = await actomaton.send(.start)
    #expect(task == nil)
    #expect(await actomaton.state == ["start", "a", "b", "c", "d"])
  }

  @Test func combineKeepsTheOrderOfParts() async throws {
    let probe = Probe<String>()
    let actomaton = Actomaton<Action, [String]>(
      state: [],
      reducer: Reducer { action, state, _ in
        state.append("\(action)")
        guard action == .start else { return .empty }
        return Effect.combine([
          .nextAction(.a),
          .fireAndForget { await probe.record("task") },
          .nextAction(.b),
        ])
      })
    try await actomaton.send(.start)?.value
    #expect(await actomaton.state == ["start", "a", "b"])
    #expect(await probe.events == ["task"])
  }

  @Test func mapTransformsFedBackActionsOfEveryKind() async throws {
    let inner: Effect<Int> =
      .nextAction(1) + Effect { 2 }
      + Effect(sequence: {
        AsyncStream {
          $0.yield(3); $0.finish()
        }
      })
    let mapped = inner.map { Action.log("\($0)") }
    let actomaton = Actomaton<Action, [String]>(
      state: [],
      reducer: Reducer { action, state, _ in
        if case let .log(text) = action { state.append(text) }
        return action == .start ? mapped : .empty
      })
    try await actomaton.send(.start)?.value
    #expect(await actomaton.state.sorted() == ["1", "2", "3"])
    #expect(await actomaton.state.first == "1", "nextAction is fed back synchronously")
  }

  @Test func emptyEffectsCombineToNothing() {
    #expect((Effect<Action>.empty + .empty).parts.isEmpty)
    #expect(Effect<Action>.combine().parts.isEmpty)
    #expect(Effect<Action>.empty.map { _ in 1 }.parts.isEmpty)
  }
}
