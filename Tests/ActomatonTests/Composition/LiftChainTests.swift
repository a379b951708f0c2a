import Actomaton
import Testing

/// Children lifted one after the other onto one parent run as one chain, in the order the
/// nesting gives: the last lifted first, each child's start or stop right after its own effect,
/// the parent last.
@Suite struct LiftChainTests {
  struct State: Equatable, Sendable {
    var first: Int?
    var second: Int?
    var log: [String] = []
    /// `second`, through a computed property: its key path has no stored offset.
    var secondViaAccessor: Int? {
      get { second }
      set { second = newValue }
    }
  }

  enum Child: Equatable, Sendable { case started, ping, pong }

  enum Action: Equatable, Sendable {
    case first(Child)
    case second(Child)
    case log(String)
  }

  static let child = Reducer<Child, Int, Void> { action, count, _ in
    guard action == .ping else { return .empty }
    count += 1
    return .nextAction(.pong)
  }

  /// Logs what reaches it; a ping for the first child makes the second appear, `hide` makes it
  /// go.
  static let parent = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case .first(.ping):
      state.second = 0
      return .nextAction(.log("parent"))
    case .log("hide"):
      state.second = nil
      state.log.append("hide")
      return .nextAction(.log("parent"))
    case let .first(child):
      state.log.append("first \(child)")
    case let .second(child):
      state.log.append("second \(child)")
    case let .log(line):
      state.log.append(line)
    }
    return .empty
  }

  static func reducer(second: WritableKeyPath<State, Int?>) -> Reducer<Action, State, Void> {
    parent
      .child(
        child, state: \.first, action: /Action.first, environment: { _ in () },
        onStart: .nextAction(.started), onStop: .nextAction(.log("first stopped"))
      )
      .child(
        child, state: second, action: /Action.second, environment: { _ in () },
        onStart: .nextAction(.started), onStop: .nextAction(.log("second stopped")))
  }

  @Test(arguments: [false, true])
  func theLastLiftedRunsFirstWithItsStartOrStopThenTheOthersThenTheParent(
    throughAccessor: Bool
  ) async {
    let second = throughAccessor ? \State.secondViaAccessor : \State.second
    let actomaton = Actomaton(state: State(first: 0), reducer: Self.reducer(second: second))
    await actomaton.send(.first(.ping))
    #expect(await actomaton.state.log == ["second started", "first pong", "parent"])
    await actomaton.send(.second(.ping))
    #expect(await actomaton.state.second == 1)
    await actomaton.send(.log("hide"))
    #expect(
      await actomaton.state.log.dropFirst(3) == [
        "second ping", "second pong", "hide", "second stopped", "parent",
      ])
    #expect(await actomaton.state.first == 1)
    #expect(await actomaton.state.second == nil)
  }

  @Test func anActionForNoChildGoesStraightToTheParent() async {
    let actomaton = Actomaton(
      state: State(first: 0), reducer: Self.reducer(second: \.second))
    await actomaton.send(.log("direct"))
    #expect(await actomaton.state == State(first: 0, log: ["direct"]))
  }
}
