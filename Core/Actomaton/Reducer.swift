/// A pure function from an action and the current state to the new state and an ``Effect``.
///
/// Time, randomness, files and network come from the `Environment`, so a reducer can be tested
/// without waiting. Compose reducers with ``combine(_:)-(Reducer...)`` and lift them into a larger
/// domain with the `contramap` family.
public struct Reducer<Action: Sendable, State, Environment>: Sendable {
  /// Runs the reducer: mutates `state` for `action` and returns the effect to run next.
  public let run: @Sendable (Action, inout State, Environment) -> Effect<Action>

  /// What the state wants alive (lifted children, lifetimes, subscriptions), for the
  /// actomaton to compare after every action; `nil` when the reducer declares nothing.
  @usableFromInline package let lifecycle: Lifecycle<Action, State, Environment>?

  /// Creates a reducer from its function.
  ///
  /// - Parameter run: Changes the state for an action, with the environment's help, and returns
  ///   the effects to run.
  @inlinable
  public init(_ run: @escaping @Sendable (Action, inout State, Environment) -> Effect<Action>) {
    self.init(run: run)
  }

  /// Creates a reducer that is run only for the actions `filter` lets through.
  ///
  /// - Parameters:
  ///   - filter: Whether the reducer handles an action; a cheap test, asked before `run`.
  ///   - run: Changes the state for an action it handles and returns the effects to run.
  @inlinable
  public init(
    only filter: @escaping @Sendable (Action) -> Bool,
    _ run: @escaping @Sendable (Action, inout State, Environment) -> Effect<Action>
  ) {
    self.init(run: { action, state, environment in
      filter(action) ? run(action, &state, environment) : .empty
    })
  }

  /// The type of `run`.
  @usableFromInline
  package typealias Run = @Sendable (Action, inout State, Environment) -> Effect<Action>

  @inlinable
  package init(run: @escaping Run, lifecycle: Lifecycle<Action, State, Environment>? = nil) {
    (self.run, self.lifecycle) = (run, lifecycle)
  }

  /// The same reducer with `run` replaced by `wrap(run)`, keeping what its state wants alive.
  @inlinable
  package func wrappingRun(_ wrap: (@escaping Run) -> Run) -> Reducer {
    Reducer(run: wrap(run), lifecycle: lifecycle)
  }

  /// A reducer that changes nothing and returns no effect.
  @inlinable public static var empty: Reducer { Reducer(run: { _, _, _ in .empty }) }

  /// Runs the reducers one after the other on the same state; their effects start in that order
  /// and then run concurrently, as ``Effect/combine(_:)-(Effect...)`` does.
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  @inlinable
  public static func combine(_ reducers: Reducer...) -> Reducer { combine(reducers) }

  /// Runs the reducers one after the other; see ``combine(_:)-(Reducer...)``.
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  @inlinable
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    guard let last = reducers.last else { return .empty }
    // NOTE: folded into pairs, which call their two closures with no reference counting, where a
    // loop would retain and release each reducer it takes out of the array.
    return reducers.dropLast().reversed().reduce(last) { rest, first in
      let (runFirst, runRest) = (first.run, rest.run)
      return Reducer(
        run: { action, state, environment in
          runFirst(action, &state, environment) + runRest(action, &state, environment)
        },
        lifecycle: .combine(first.lifecycle, rest.lifecycle))
    }
  }

  /// `lhs`, then `rhs`, on the same state.
  ///
  /// - Parameters:
  ///   - lhs: The reducer that runs first.
  ///   - rhs: The reducer that runs next.
  @inlinable
  public static func + (lhs: Reducer, rhs: Reducer) -> Reducer { combine([lhs, rhs]) }
}
