import Actomaton
import Testing

/// Combined reducers run in the order given, each only for the actions it takes, and a
/// child lifted onto a combination is started or stopped by whichever of them made it appear.
@Suite struct CombineOrderTests {
  enum Action: Equatable, Sendable { case x, y, z, show, hide, child }

  struct State: Sendable {
    var log: [String] = []
    var child: Int?
  }

  static func logger(_ name: String, only: Set<Action>?) -> Reducer<Action, State, Void> {
    let run: @Sendable (Action, inout State, Void) -> Effect<Action> = { action, state, _ in
      state.log.append("\(name) \(action)")
      switch action {
      case .show where name == "shower": state.child = 0
      case .hide where name == "hider": state.child = nil
      default: break
      }
      return .empty
    }
    guard let only else { return Reducer(run) }
    return Reducer(only: { only.contains($0) }, run)
  }

  @Test func reducersRunInOrderForTheActionsTheyTake() {
    let reducer = Reducer.combine(
      Self.logger("a", only: [.x]), Self.logger("b", only: nil), Self.logger("c", only: [.x, .y]),
      Self.logger("d", only: [.z]))
    var state = State()
    for action in [Action.x, .y, .z] { _ = reducer.run(action, &state, ()) }
    #expect(state.log == ["a x", "b x", "c x", "b y", "c y", "b z", "d z"])
  }

  @Test func aChildOnACombinationStartsAndStopsWhicheverReducerMovesIt() async {
    let child = Reducer<Void, Int, Void> { _, count, _ in
      count += 1
      return .empty
    }
    let reducer = Reducer.combine(
      Self.logger("shower", only: [.show]), Self.logger("hider", only: [.hide]),
      Self.logger("all", only: nil)
    )
    .child(
      child, state: \.child,
      action: CasePath(embed: { _ in .child }, extract: { $0 == .child ? () : nil }),
      environment: { _ in () }, onStart: .nextAction(()), onStop: .nextAction(.z))
    let actomaton = Actomaton(state: State(), reducer: reducer)
    await actomaton.send(.show)
    #expect(await actomaton.state.child == 1)
    await actomaton.send(.child)
    #expect(await actomaton.state.child == 2)
    await actomaton.send(.hide)
    #expect(await actomaton.state.child == nil)
    #expect(
      await actomaton.state.log == [
        "shower show", "all show", "all child", "all child", "hider hide", "all hide", "all z",
      ])
  }
}
