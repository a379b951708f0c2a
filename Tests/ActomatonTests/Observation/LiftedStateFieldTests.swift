import Actomaton
import Testing

/// A lifted child reaches its state as the key path would, observers and all.
@Suite struct LiftedStateFieldTests {
  // NOTE: only ever touched by one test, on one thread.
  final class Box: @unchecked Sendable {
    var value: Int? = 0
  }

  struct State: Sendable {
    var changes = 0
    var observed: Int? = 0 {
      didSet { changes += 1 }
    }
    var pair: (Int, Int?) = (0, 0)
    let box = Box()
  }

  enum Action: Sendable { case child, pairChild, boxChild }

  static let child = Reducer<Void, Int, Void> { _, count, _ in
    count += 1
    return .empty
  }

  @Test func aChildBehindAnObservedPropertyRunsItsObserver() {
    let reducer = Reducer<Action, State, Void>.empty
      .child(
        Self.child, state: \.observed,
        action: CasePath(
          embed: { _ in .child }, extract: { if case .child = $0 { () } else { nil } }),
        environment: { _ in () })
    var state = State()
    _ = reducer.run(.child, &state, ())
    #expect(state.observed == 1)
    #expect(state.changes == 1)
  }

  @Test func aChildInATupleElement() {
    let reducer = Reducer<Action, State, Void>.empty
      .child(
        Self.child, state: \.pair.1,
        action: CasePath(
          embed: { _ in .pairChild }, extract: { if case .pairChild = $0 { () } else { nil } }),
        environment: { _ in () })
    var state = State()
    _ = reducer.run(.pairChild, &state, ())
    #expect(state.pair.1 == 1)
    #expect(state.pair.0 == 0)
  }

  @Test func aChildBehindAClassReference() {
    let reducer = Reducer<Action, State, Void>.empty
      .child(
        Self.child, state: \.box.value,
        action: CasePath(
          embed: { _ in .boxChild }, extract: { if case .boxChild = $0 { () } else { nil } }),
        environment: { _ in () })
    var state = State()
    _ = reducer.run(.boxChild, &state, ())
    #expect(state.box.value == 1)
  }
}
