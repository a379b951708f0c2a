import Actomaton
import Testing

/// A child in an enum case is taken out of its case, run and put back on every action: what its
/// state holds on the heap must come back once, neither lost nor released twice.
@Suite struct CaseChildOwnershipTests {
  final class Tracked: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  struct Child: Sendable {
    var count = 0
    var note: String?
    var object: Tracked?
  }

  enum Screen: Sendable { case child(Child), other }
  enum Action: Sendable { case child(Step), leave }
  enum Step: Sendable { case step }

  struct State: Sendable { var screen: Screen? = .child(Child()) }

  struct Weak { weak var object: Tracked? }

  static func note(_ count: Int) -> String {
    "step \(count): a note long enough to live on the heap, not inline"
  }

  static var reducer: Reducer<Action, State, Void> {
    let child = Reducer<Step, Child, Void> { _, state, _ in
      state.count += 1
      state.note = note(state.count)
      state.object = Tracked(state.count)
      return .empty
    }
    let screen: CasePath<Screen?, Child> = /Screen.child
    return Reducer<Action, State, Void> { action, state, _ in
      if case .leave = action { state.screen = .other }
      return .empty
    }
    .child(child, state: \.screen, case: screen, action: /Action.child, environment: { _ in () })
  }

  @Test func whatTheChildHoldsLivesAcrossSendsAndGoesOnce() async {
    let actomaton = Actomaton(state: State(), reducer: Self.reducer)
    var objects: [Weak] = []
    for step in 1...5 {
      await actomaton.send(.child(.step))
      guard case let .child(child)? = await actomaton.state.screen else {
        Issue.record("the child is gone after step \(step)")
        return
      }
      #expect(child.count == step)
      #expect(child.note == Self.note(step))
      #expect(child.object?.value == step)
      objects.append(Weak(object: child.object))
    }
    #expect(objects.dropLast().allSatisfy { $0.object == nil }, "a replaced object lives on")
    #expect(objects.last?.object?.value == 5, "the state's object is gone")
    await actomaton.send(.leave)
    #expect(objects.last?.object == nil, "the left child's object lives on")
  }
}
