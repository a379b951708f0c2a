/// Children lifted one after the other onto one parent (`parent.child(…).child(…).lifetime(…)`),
/// run by one closure.
///
/// Lifted one by one, each child would wrap the reducer below it: an action for none of them
/// would still pass through every level, a closure call and a test of the parent's filter each.
/// The chain tests the filter once and asks each child in a loop. It behaves as the nesting
/// would: the last child lifted runs first, the parent last, and the effects come in that order,
/// each child's start or stop right after its own effect.
// NOTE: classes, and the loop reads the children unretained: copied out of an array, each child
// would cost a retain and a release per action.
@usableFromInline
final class LiftChain<Action: Sendable, State, Environment>: Sendable {
  /// The reducer the children were lifted onto.
  @usableFromInline let parent: @Sendable (Action, inout State, Environment) -> Effect<Action>
  /// The parent's ``Reducer/reshapeFilter``: `false` when the parent surely leaves every child
  /// where it is.
  @usableFromInline let parentReshapes: ActionFilter<Action>?
  /// The children, the last lifted first.
  @usableFromInline let lifts: [ChildLift<Action, State, Environment>]
  /// `lifts`, unretained: `lifts` keeps them alive.
  @usableFromInline let unretainedLifts: [Unmanaged<ChildLift<Action, State, Environment>>]

  @inlinable
  init(
    parent: @escaping @Sendable (Action, inout State, Environment) -> Effect<Action>,
    parentReshapes: ActionFilter<Action>?, lifts: [ChildLift<Action, State, Environment>]
  ) {
    self.parent = parent
    self.parentReshapes = parentReshapes
    self.lifts = lifts
    self.unretainedLifts = lifts.map { Unmanaged.passUnretained($0) }
  }

  /// The same chain with `lift` lifted last.
  @inlinable
  func adding(_ lift: ChildLift<Action, State, Environment>) -> LiftChain {
    LiftChain(parent: parent, parentReshapes: parentReshapes, lifts: [lift] + lifts)
  }

  @inlinable
  func run(_ action: Action, _ state: inout State, _ environment: Environment) -> Effect<Action> {
    // NOTE: only the parent can make a child appear or go (a child changes its own state, which
    // stays where it is), so an action the parent does not reshape needs no check.
    guard parentReshapes?.test(action) ?? true else {
      var effect = Effect<Action>.empty
      for lift in unretainedLifts {
        if let (childEffect, _) = lift._withUnsafeGuaranteedRef({
          $0.run(action, &state, environment)
        }) {
          effect = effect + childEffect
        }
      }
      return effect + parent(action, &state, environment)
    }
    var effects: [Effect<Action>] = []
    var before: [Bool] = []
    for lift in lifts {
      let ran = lift.run(action, &state, environment)
      effects.append(ran?.effect ?? .empty)
      before.append(ran?.wasPresent ?? lift.isPresent(&state))
    }
    let parentEffect = parent(action, &state, environment)
    var effect = Effect<Action>.empty
    for (index, lift) in lifts.enumerated() {
      effect = effect + effects[index]
      let after = lift.isPresent(&state)
      if before[index] != after { effect = effect + (after ? lift.start : lift.stop) }
    }
    return effect + parentEffect
  }
}

/// One child of a ``LiftChain``.
@usableFromInline
final class ChildLift<Action: Sendable, State, Environment>: Sendable {
  /// The child's effect for an action of its own, and whether it was there to run it.
  @usableFromInline typealias Ran = (effect: Effect<Action>, wasPresent: Bool)

  /// For an action of the child's: runs the child, or drops the action when the child is not
  /// there, and tells whether it was; `nil` for other actions.
  @usableFromInline let run: @Sendable (Action, inout State, Environment) -> Ran?
  /// Whether the child is there; `inout` only so that the state is read in place.
  @usableFromInline let isPresent: @Sendable (inout State) -> Bool
  /// Run when the child appears, in its scope.
  @usableFromInline let start: Effect<Action>
  /// Run when the child goes: the cancellation of its scope, then its `onStop`.
  @usableFromInline let stop: Effect<Action>

  @inlinable
  init(
    run: @escaping @Sendable (Action, inout State, Environment) -> Ran?,
    isPresent: @escaping @Sendable (inout State) -> Bool,
    start: Effect<Action>, stop: Effect<Action>
  ) {
    self.run = run
    self.isPresent = isPresent
    self.start = start
    self.stop = stop
  }
}
