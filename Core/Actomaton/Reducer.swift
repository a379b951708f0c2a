/// A pure function from an action and the current state to the new state and an ``Effect``.
///
/// Time, randomness, files and network come from the `Environment`, so a reducer can be tested
/// without waiting. Compose reducers with ``combine(_:)-(Reducer...)`` and lift them into a larger
/// domain with the `contramap` family.
public struct Reducer<Action: Sendable, State, Environment>: Sendable {
  /// Runs the reducer: mutates `state` for `action` and returns the effect to run next.
  public let run: @Sendable (Action, inout State, Environment) -> Effect<Action>

  /// A cheap test that is `false` only for actions `run` surely ignores (leaving state untouched
  /// and returning `.empty`), so lifted reducers can skip their state work; `nil` when unknown.
  @usableFromInline package let accepts: (@Sendable (Action) -> Bool)?

  /// A cheap test that is `false` only for actions after which no child lifted onto this
  /// reducer can have appeared or gone, so the lifts skip their lifetime checks; `nil` means
  /// the same as ``accepts``.
  @usableFromInline package let reshapes: ActionFilter<Action>?

  /// Creates a reducer from its function.
  @inlinable
  public init(_ run: @escaping @Sendable (Action, inout State, Environment) -> Effect<Action>) {
    self.init(run: run, accepts: nil)
  }

  /// Creates a reducer that handles only the actions `filter` lets through: it is not run for
  /// the others, and children lifted onto it skip their lifetime checks for them.
  @inlinable
  public init(
    only filter: @escaping @Sendable (Action) -> Bool,
    _ run: @escaping @Sendable (Action, inout State, Environment) -> Effect<Action>
  ) {
    self.init(
      run: { action, state, environment in
        filter(action) ? run(action, &state, environment) : .empty
      },
      accepts: filter)
  }

  @inlinable
  package init(
    run: @escaping @Sendable (Action, inout State, Environment) -> Effect<Action>,
    accepts: (@Sendable (Action) -> Bool)?,
    reshapes: ActionFilter<Action>? = nil
  ) {
    self.run = run
    self.accepts = accepts
    self.reshapes = reshapes
  }

  /// A reducer that changes nothing and returns no effect.
  @inlinable
  public static var empty: Reducer {
    Reducer(run: { _, _, _ in .empty }, accepts: { _ in false })
  }

  /// ``reshapes``, or else ``accepts``; `nil` when neither is known.
  // NOTE: not `accepts.map(ActionFilter.init)`: through `map`, the closure is reabstracted twice,
  // and each test would go through two thunks.
  @inlinable
  package var reshapeFilter: ActionFilter<Action>? {
    if let reshapes { return reshapes }
    if let accepts { return ActionFilter(accepts) }
    return nil
  }

  /// Runs the reducers one after the other on the same state; their effects run in that order.
  @inlinable
  public static func combine(_ reducers: Reducer...) -> Reducer {
    combine(reducers)
  }

  /// Runs the reducers one after the other on the same state; their effects run in that order.
  @inlinable
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    if reducers.count == 1 { return reducers[0] }
    let filters = reducers.compactMap(\.accepts)
    let accepts: (@Sendable (Action) -> Bool)? =
      filters.count == reducers.count
      ? { @Sendable action in filters.contains { $0(action) } } : nil
    let shapers = reducers.compactMap(\.reshapeFilter)
    let reshapes: ActionFilter<Action>? =
      shapers.count == reducers.count
      ? ActionFilter { action in shapers.contains { $0.test(action) } } : nil
    return Reducer(
      run: { action, state, environment in
        var effect = Effect<Action>.empty
        for reducer in reducers {
          if let accepts = reducer.accepts, !accepts(action) { continue }
          effect = effect + reducer.run(action, &state, environment)
        }
        return effect
      },
      accepts: accepts, reshapes: reshapes)
  }

  /// `lhs`, then `rhs`, on the same state.
  @inlinable
  public static func + (lhs: Reducer, rhs: Reducer) -> Reducer {
    combine([lhs, rhs])
  }
}

/// A test on actions, boxed so that handing it down through generic code does not wrap it again.
@usableFromInline
package struct ActionFilter<Action>: Sendable {
  @usableFromInline let test: @Sendable (Action) -> Bool

  @inlinable
  package init(_ test: @escaping @Sendable (Action) -> Bool) { self.test = test }
}
