/// Children lifted one after the other onto one parent (`parent.child(…).child(…).lifetime(…)`),
/// run by one closure.
///
/// Lifted one by one, each child would wrap the reducer below it: an action for none of them
/// would still pass through every level, a closure call each. The chain asks each child in a
/// loop. It behaves as the nesting would: the last child lifted runs first, the parent last, and
/// the effects come in that order. Whether a child is there, and what starts or stops with it,
/// is the actomaton's to compare after the whole action (see ``Lifecycle``).
// NOTE: classes, and the loop reads the children unretained: copied out of an array, each child
// would cost a retain and a release per action.
@usableFromInline
final class LiftChain<Action: Sendable, State, Environment>: Sendable {
  /// The reducer the children were lifted onto.
  @usableFromInline let parent: @Sendable (Action, inout State, Environment) -> Effect<Action>
  /// The children, the last lifted first.
  @usableFromInline let lifts: [ChildLift<Action, State, Environment>]
  /// `lifts`, unretained: `lifts` keeps them alive.
  @usableFromInline let unretainedLifts: [Unmanaged<ChildLift<Action, State, Environment>>]

  @inlinable
  init(
    parent: @escaping @Sendable (Action, inout State, Environment) -> Effect<Action>,
    lifts: [ChildLift<Action, State, Environment>]
  ) {
    self.parent = parent
    self.lifts = lifts
    self.unretainedLifts = lifts.map { Unmanaged.passUnretained($0) }
  }

  /// The same chain with `lift` lifted last.
  @inlinable
  func adding(_ lift: ChildLift<Action, State, Environment>) -> LiftChain {
    LiftChain(parent: parent, lifts: [lift] + lifts)
  }

  @inlinable
  func run(_ action: Action, _ state: inout State, _ environment: Environment) -> Effect<Action> {
    var effect = Effect<Action>.empty
    withUnsafePointer(to: action) { pointer in
      let pointer = UnsafeRawPointer(pointer)
      for lift in unretainedLifts {
        let childEffect = lift._withUnsafeGuaranteedRef { lift -> Effect<Action>? in
          // NOTE: an action of another child's case is told by its bits, here, with no call.
          guard lift.actionTest?._withUnsafeGuaranteedRef({ $0.matches(at: pointer) }) != false
          else { return nil }
          return lift.run(action, &state, environment)
        }
        if let childEffect { effect = effect + childEffect }
      }
    }
    return effect + parent(action, &state, environment)
  }
}

/// One child of a ``LiftChain``.
@usableFromInline
final class ChildLift<Action: Sendable, State, Environment>: Sendable {
  /// For an action of the child's: runs the child, or drops the action when the child is not
  /// there; `nil` for other actions.
  @usableFromInline let run: @Sendable (Action, inout State, Environment) -> Effect<Action>?
  /// The test of the child's action case, unretained (the path, which `run` holds, keeps it),
  /// once the path has one: an action it rejects is not the child's.
  @usableFromInline let actionTest: Unmanaged<CaseBitTest>?

  @usableFromInline
  init<ChildAction>(
    action path: CasePath<Action, ChildAction>,
    run: @escaping @Sendable (Action, inout State, Environment) -> Effect<Action>?
  ) {
    self.run = run
    self.actionTest = path.caseTest.map { Unmanaged.passUnretained($0) }
  }
}
