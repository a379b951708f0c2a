extension Reducer {
  /// Lifts this reducer to a larger action type; other actions are ignored.
  ///
  /// Actions the reducer's effects feed back are embedded into the larger type.
  ///
  /// - Parameter path: The case of the larger action that holds this reducer's actions
  ///   (`/AppAction.counter`).
  @inlinable
  public func contramap<GlobalAction: Sendable>(
    action path: CasePath<GlobalAction, Action>
  ) -> Reducer<GlobalAction, State, Environment> {
    Reducer<GlobalAction, State, Environment>(
      run: { globalAction, state, environment in
        guard let action = path.extract(from: globalAction) else { return .empty }
        return self.run(action, &state, environment).map(path.embed)
      },
      lifecycle: lifecycle?.mapped(environment: { $0 }, effects: { $0.map(path.embed) }))
  }

  /// Lifts this reducer to a larger state that holds this state at `keyPath`.
  ///
  /// A literal (`\.counter`) and a key path held in a `WritableKeyPath` variable both work.
  ///
  /// - Parameter keyPath: Where the larger state holds this reducer's state.
  @inlinable
  public func contramap<GlobalState>(
    state keyPath: WritableKeyPath<GlobalState, State>
  ) -> Reducer<Action, GlobalState, Environment> {
    let path = FieldPath(keyPath)
    return Reducer<Action, GlobalState, Environment>(
      run: { action, state, environment in
        path.modify(&state) { self.run(action, &$0, environment) }
      },
      lifecycle: lifecycle?.projected { path.get($0) })
  }

  /// Lifts this reducer to an enum state; in another case it changes nothing and returns `.empty`.
  ///
  /// - Parameter path: The case of the enum state that holds this reducer's state.
  @inlinable
  public func contramap<GlobalState>(
    state path: CasePath<GlobalState, State>
  ) -> Reducer<Action, GlobalState, Environment> {
    contramap(state: path, clear: { _ in })
  }

  /// Lifts this reducer to an optional enum state (`current: Current?` with
  /// `/Current.counter`); while the state is `nil` or in another case, it is left untouched.
  ///
  /// The global state is cleared while the reducer runs, so the extracted state's copy-on-write
  /// storage is mutated in place.
  ///
  /// - Parameter path: The case of the wrapped enum that holds this reducer's state.
  @inlinable
  public func contramap<Wrapped>(
    state path: CasePath<Wrapped?, State>
  ) -> Reducer<Action, Wrapped?, Environment> {
    contramap(state: path, clear: { $0 = nil })
  }

  /// Lifts this reducer to the case `path` of an enum state, which `clear` empties while it runs.
  @inlinable
  func contramap<GlobalState>(
    state path: CasePath<GlobalState, State>, clear: @escaping @Sendable (inout GlobalState) -> Void
  ) -> Reducer<Action, GlobalState, Environment> {
    Reducer<Action, GlobalState, Environment>(
      run: { action, globalState, environment in
        guard var state = path.extract(from: globalState) else { return .empty }
        clear(&globalState)
        let effect = self.run(action, &state, environment)
        globalState = path.embed(state)
        return effect
      },
      lifecycle: lifecycle?.projected { path.extract(from: $0) })
  }

  /// Lifts this reducer to optional state: it runs only while the state is not `nil`.
  @inlinable
  public func optional() -> Reducer<Action, State?, Environment> {
    contramap(state: CasePath<State?, State>(embed: { $0 }, extract: { $0 }))
  }

  /// Lifts this reducer to a larger environment from which `transform` picks its own.
  ///
  /// - Parameter transform: Picks this reducer's environment from the larger one.
  @inlinable
  public func contramap<GlobalEnvironment>(
    environment transform: @escaping @Sendable (GlobalEnvironment) -> Environment
  ) -> Reducer<Action, State, GlobalEnvironment> {
    Reducer<Action, State, GlobalEnvironment>(
      run: { action, state, environment in self.run(action, &state, transform(environment)) },
      lifecycle: lifecycle?.mapped(environment: transform, effects: { $0 }))
  }
}
