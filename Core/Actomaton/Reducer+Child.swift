extension Reducer {
  /// Runs `child` on an optional child state, before this reducer; the child lives while its
  /// state is not `nil`.
  ///
  /// Whoever changes the state (this reducer, a sibling, the child, however often within one
  /// send), `onStart` runs when the child appears; when it goes, every effect it started, running
  /// or waiting, is cancelled and `onStop` runs. For an `Identifiable` child state, a new `id` is
  /// a new child. What the child declares (its children, subscriptions) goes with it: its effects
  /// are cancelled, then each child inside stops, innermost first, its `onStop`'s work orphaned
  /// (out of every id's reach; what it feeds back is dropped without a report). The actomaton
  /// decides this after every action (see ``subscriptions(scope:_:)``).
  ///
  /// The child's effects run in its own ``EffectScope``, apart from other children's ids and
  /// queues. An action for the child while it is `nil` is dropped and reported as a
  /// ``ChildActionDropped`` error.
  ///
  /// ```swift
  /// parent.child(
  ///   Detail.reducer, state: \.detail, action: /Action.detail, environment: { $0.detail },
  ///   onStart: .nextAction(.load), onStop: .nextAction(.detailClosed))
  /// ```
  ///
  /// - Parameters:
  ///   - child: The child's reducer.
  ///   - path: Where the child's state lives.
  ///   - action: Where the child's actions live.
  ///   - environment: Picks the child's environment.
  ///   - scope: Names the child's scope; each call has its own when `nil`. Share one between two
  ///     calls only on purpose.
  ///   - onStart: Run in the child's scope when the child appears.
  ///   - onStop: Run when the child is gone, after its effects were cancelled, outside its scope,
  ///     for this reducer's domain. If this reducer's state goes meanwhile, its work runs on
  ///     orphaned (nothing it feeds back is reduced; only a release or its send's task cancels it).
  @inlinable
  public func child<ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ child: Reducer<ChildAction, ChildState, ChildEnvironment>,
    state path: WritableKeyPath<State, ChildState?>,
    action: CasePath<Action, ChildAction>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    scope: EffectScope? = nil,
    onStart: Effect<ChildAction> = .empty,
    onStop: Effect<Action> = .empty
  ) -> Reducer {
    let path = FieldPath(path)
    return lifting(
      { action, state, global in
        // NOTE: a computed property is read first: an action for an absent child runs no setter.
        if path.offset == nil, path.get(state) == nil { return nil }
        return path.modify(&state) { field in
          field == nil ? nil : child.run(action, &field!, environment(global))
        }
      }, action: action, scope: scope, environment: environment, inner: child.lifecycle,
      onStart: onStart, onStop: onStop
    ) {
      .presence(
        project: { path.inspect(&$0) { $0 } }, case: nil, identity: $0, scope: $1, start: $2,
        stop: $3, inner: $4)
    }
  }

  /// Runs `child` on one case of an enum state, before this reducer; the child lives while the
  /// enum is in that case.
  ///
  /// The same as the optional ``child(_:state:action:environment:scope:onStart:onStop:)-(_,WritableKeyPath<State,ChildState?>,_,_,_,_,_)``,
  /// for the child in `case` of the enum at `path` (an optional enum works with a case path of
  /// `Enum?`, such as `/Screen.counter` where a `CasePath<Screen?, Counter.State>` is expected).
  @inlinable
  public func child<Enum, ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ child: Reducer<ChildAction, ChildState, ChildEnvironment>,
    state path: WritableKeyPath<State, Enum>,
    case casePath: CasePath<Enum, ChildState>,
    action: CasePath<Action, ChildAction>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    scope: EffectScope? = nil,
    onStart: Effect<ChildAction> = .empty,
    onStop: Effect<Action> = .empty
  ) -> Reducer {
    caseChild(
      child, state: path, case: casePath, clear: { _ in }, action: action,
      environment: environment, scope: scope, onStart: onStart, onStop: onStop)
  }

  /// The enum-case child of an optional enum; the same as the one above, but the child's state
  /// is changed in place (the field is cleared while the child runs).
  @inlinable
  public func child<Enum, ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ child: Reducer<ChildAction, ChildState, ChildEnvironment>,
    state path: WritableKeyPath<State, Enum?>,
    case casePath: CasePath<Enum?, ChildState>,
    action: CasePath<Action, ChildAction>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    scope: EffectScope? = nil,
    onStart: Effect<ChildAction> = .empty,
    onStop: Effect<Action> = .empty
  ) -> Reducer {
    caseChild(
      child, state: path, case: casePath, clear: { $0 = nil }, action: action,
      environment: environment, scope: scope, onStart: onStart, onStop: onStop)
  }

  /// A child in one case of the enum at `path`, which `clear` empties while the child runs.
  @inlinable
  func caseChild<Enum, ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ child: Reducer<ChildAction, ChildState, ChildEnvironment>,
    state path: WritableKeyPath<State, Enum>, case casePath: CasePath<Enum, ChildState>,
    clear: @escaping @Sendable (inout Enum) -> Void, action: CasePath<Action, ChildAction>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment, scope: EffectScope?,
    onStart: Effect<ChildAction>, onStop: Effect<Action>
  ) -> Reducer {
    let path = FieldPath(path)
    return lifting(
      { action, state, global in
        if path.offset == nil, casePath.extract(from: path.get(state)) == nil { return nil }
        // NOTE: the field is cleared while the child runs, so the child's storage is not shared.
        return path.modify(&state) { field in
          guard var local = casePath.extract(from: field) else { return nil }
          clear(&field)
          let effect = child.run(action, &local, environment(global))
          // NOTE: not in a `defer`: there, `consume` released what `local` holds twice (6.3.1).
          field = casePath.embed(consume local)
          return effect
        }
      }, action: action, scope: scope, environment: environment, inner: child.lifecycle,
      onStart: onStart, onStop: onStop
    ) {
      .onField(
        path,
        .presence(
          project: { casePath.extract(from: $0) }, case: casePath, identity: $0, scope: $1,
          start: $2, stop: $3, inner: $4))
    }
  }

  /// Runs `onStart` when the enum at `path` enters `case`, and `onStop` when it leaves it, for a
  /// part of the state that has a lifetime but no reducer of its own.
  ///
  /// The lifetime lives while its case holds, whoever changed the state, as for a ``child(_:state:action:environment:scope:onStart:onStop:)-(_,WritableKeyPath<State,ChildState?>,_,_,_,_,_)``.
  /// `onStart` runs in the lifetime's own scope (each call has its own), cancelled when the case
  /// is left; `onStop` outside it.
  ///
  /// ```swift
  /// reducer.lifetime(
  ///   state: \.screen, case: /Screen.todo,
  ///   onStart: .nextAction(.todo(.onAppear)), onStop: .nextAction(.todo(.onDisappear)))
  /// ```
  @inlinable
  public func lifetime<Enum, Value>(
    state path: WritableKeyPath<State, Enum>,
    case casePath: CasePath<Enum, Value>,
    scope: EffectScope? = nil,
    onStart: Effect<Action> = .empty,
    onStop: Effect<Action> = .empty
  ) -> Reducer {
    let path = FieldPath(path)
    let scope = scope ?? EffectScope(ChildScopeKey(Value.self))
    let life = Lifecycle<Action, Enum, Environment>.presence(
      project: { casePath.extract(from: $0) }, case: casePath, identity: nil, scope: scope,
      start: onStart.scoped(in: scope, { $0 }), stop: .endScope(scope) + onStop.outlivingScopes(),
      inner: Lifecycle<Action, Value, Environment>?.none)
    return Reducer(run: run, lifecycle: .combine(.onField(path, life), lifecycle))
  }

  /// This reducer after a child, which `runIfPresent` runs (`nil`: not there, the action is
  /// dropped and reported); it lives as `declare` says, its effects in `scope`.
  @inlinable
  func lifting<ChildAction: Sendable, ChildState, ChildEnvironment>(
    _ runIfPresent:
      @escaping @Sendable (ChildAction, inout State, Environment) -> Effect<ChildAction>?,
    action path: CasePath<Action, ChildAction>, scope: EffectScope?,
    environment toChild: @escaping @Sendable (Environment) -> ChildEnvironment,
    inner: Lifecycle<ChildAction, ChildState, ChildEnvironment>?,
    onStart: Effect<ChildAction>, onStop: Effect<Action>,
    declare: (
      _ identity: (@Sendable (ChildState) -> AnyHashable?)?, _ scope: EffectScope,
      _ start: Effect<Action>, _ stop: Effect<Action>,
      _ inner: Lifecycle<Action, ChildState, Environment>?
    ) -> Lifecycle<Action, State, Environment>
  ) -> Reducer {
    let scope = scope ?? EffectScope(ChildScopeKey(ChildState.self))
    let embed: @Sendable (ChildAction) -> Action = path.embed
    let parent = run
    let life = declare(
      identityIfIdentifiable(ChildState.self), scope, onStart.scoped(in: scope, embed),
      .endScope(scope) + onStop.outlivingScopes(),
      inner?.mapped(environment: toChild, effects: { $0.scoped(in: scope, embed) }))
    return Reducer(
      run: { action, state, environment in
        guard let childAction = path.extract(from: action) else {
          return parent(action, &state, environment)
        }
        let effect =
          runIfPresent(childAction, &state, environment)?.scoped(in: scope, embed)
          ?? .dropped(childAction, child: scope)
        return effect + parent(action, &state, environment)
      }, lifecycle: .combine(life, lifecycle))
  }
}

/// An action for a lifted child that was not there (`nil`, another case, or a removed element)
/// was dropped: reported through the error hook, the observer and the task `send` returned.
public struct ChildActionDropped: Error, Sendable, CustomStringConvertible {
  /// The dropped action, described.
  public let action: String
  /// The scope of the missing child.
  public let scope: EffectScope

  /// What was dropped and why, for a log.
  public var description: String { "No child \(scope) for \(action); the action was dropped." }
}

extension Effect {
  /// An effect that reports a dropped child action at once.
  @usableFromInline
  static func dropped(_ action: some Sendable, child scope: EffectScope) -> Effect {
    let error = ChildActionDropped(action: "\(action)", scope: scope)
    return Effect { throw error }
  }
}

/// The default scope of a lifted child: its type and its declaration, unique to each lift.
@usableFromInline
struct ChildScopeKey: Hashable, Sendable, CustomStringConvertible {
  let declaration = Declaration()
  let name: String

  @usableFromInline init(_ state: Any.Type) { name = String(reflecting: state) }
  @usableFromInline var description: String { name }
}
