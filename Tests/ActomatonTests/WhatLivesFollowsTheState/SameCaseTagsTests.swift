import Actomaton
import TestTraits
import Testing

/// A field's watchers are spared a comparison while its case tags stay the same: never when the
/// same tags could still change what runs.
@Suite(.hangGuard)
struct SameCaseTagsTests {
  enum Mode: Equatable, Sendable { case on, off }

  struct Panel: Equatable, Sendable { var mode = Mode.on }

  enum PanelAction: Equatable, Sendable { case started, stopped }

  struct State: Equatable, Sendable {
    var panel: Panel?
    var log: [String] = []
  }

  enum Action: Equatable, Sendable { case panel(PanelAction), open, close }

  static let panel = Reducer<PanelAction, Panel, Void> { _, _, _ in .empty }
    .lifetime(
      state: \.mode, case: /Mode.on, onStart: .nextAction(.started),
      onStop: .nextAction(.stopped))

  static let root = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case .open: state.panel = Panel()
    case .close: state.panel = nil
    case let .panel(event): state.log.append("\(event)")
    }
    return .empty
  }
  .child(panel, state: \.panel, action: /Action.panel, environment: { _ in })

  @Test func aLifetimeInAChildThatCameBackStartsAgainInTheSameCase() async {
    let actomaton = Actomaton(state: State(), reducer: Self.root, environment: ())
    for _ in 0..<2 {
      await actomaton.send(.open)
      await actomaton.send(.close)
    }
    await actomaton.send(.open)
    // NOTE: the child's `Mode` has the same tags each time it comes back; its lifetime went
    // with it, and starts again.
    #expect(await actomaton.state.log == ["started", "started", "started"])
  }
}
