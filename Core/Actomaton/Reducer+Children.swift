extension Reducer {
  /// Runs `child` on one element of an ``IdentifiedArray``, before this reducer, for actions
  /// addressed to that element's id; each element lives while its id is in the array.
  ///
  /// Whoever adds or removes an element, `onStart` runs for an element that appeared, and one
  /// that went has its effects cancelled and `onStop` run; one removed and added again within
  /// one action is the same element. What an element declares goes with it, as for ``child(_:state:action:environment:scope:onStart:onStop:)-(_,WritableKeyPath<State,ChildState?>,_,_,_,_,_)``.
  ///
  /// ```swift
  /// list.children(
  ///   Row.reducer, state: \.rows, action: /Action.row, environment: { $0.row },
  ///   onStart: { _ in .nextAction(.appeared) })
  /// ```
  ///
  /// The element is found by id in O(1). Each element's effects run in its own ``EffectScope``,
  /// so two elements never cancel or wait for each other's ids or queues. An action for an id
  /// not in the array is dropped and reported as a ``ChildActionDropped`` error.
  ///
  /// - Parameters:
  ///   - child: The element's reducer.
  ///   - path: Where the elements live.
  ///   - action: Where an element's actions live, with the element's id.
  ///   - environment: Picks the element's environment.
  ///   - onStart: Run in an element's scope when it is added.
  ///   - onStop: Run when an element is removed, after its effects were cancelled, outside its
  ///     scope, for this reducer's domain; orphaned if this reducer's state goes meanwhile, as
  ///     for a child.
  @inlinable
  public func children<Element: Identifiable, ChildAction: Sendable, ChildEnvironment>(
    _ child: Reducer<ChildAction, Element, ChildEnvironment>,
    state path: WritableKeyPath<State, IdentifiedArray<Element>>,
    action: CasePath<Action, (Element.ID, ChildAction)>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    onStart: (@Sendable (Element.ID) -> Effect<ChildAction>)? = nil,
    onStop: (@Sendable (Element.ID) -> Effect<Action>)? = nil
  ) -> Reducer where Element: SendableMetatype, Element.ID: Sendable {
    let path = FieldPath(path)
    let list = ChildScopeKey(Element.self)
    let scope = { @Sendable (id: Element.ID) in EffectScope(ElementScopeKey(list: list, id: id)) }
    let lift = { @Sendable (id: Element.ID, effect: Effect<ChildAction>) in
      effect.scoped(in: scope(id)) { action.embed((id, $0)) }
    }
    let parent = self
    let run: Run = { globalAction, state, global in
      guard let (id, childAction) = action.extract(from: globalAction) else {
        return parent.run(globalAction, &state, global)
      }
      // NOTE: a computed property is read first: an action for an absent element runs no setter.
      let effect =
        path.offset == nil && path.get(state)[id: id] == nil
        ? nil
        : path.modify(&state) { elements -> Effect<ChildAction>? in
          guard elements[id: id] != nil else { return nil }
          return child.run(childAction, &elements[id: id]!, environment(global))
        }
      return (effect.map { lift(id, $0) } ?? .dropped(childAction, child: scope(id)))
        + parent.run(globalAction, &state, global)
    }
    let life = Lifecycle<Action, State, Environment>.elements(
      ids: { path.get($0).ids }, element: { state, id in path.get(state)[id: id] }, scope: scope,
      start: { id in onStart.map { lift(id, $0(id)) } ?? .empty },
      stop: { id in .endScope(scope(id)) + (onStop?(id) ?? .empty).outlivingScopes() },
      lift: lift, environment: environment, inner: child.lifecycle)
    return Reducer(run: run, lifecycle: .combine(life, parent.lifecycle))
  }
}

/// The scope of one element of a lifted ``IdentifiedArray``.
@usableFromInline
struct ElementScopeKey<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  let list: ChildScopeKey
  let id: ID

  @usableFromInline init(list: ChildScopeKey, id: ID) { (self.list, self.id) = (list, id) }

  @usableFromInline var description: String { "\(list)[\(id)]" }
}
