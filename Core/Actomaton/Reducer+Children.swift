extension Reducer {
  /// Runs `child` on one element of an ``IdentifiedArray``, before this reducer, for actions
  /// addressed to that element's id; each element's effects end with it.
  ///
  /// The element is found by id in O(1). Each element's effects run in the element's own
  /// ``EffectScope``, so two elements using one effect id or queue never cancel or wait for each
  /// other, and removing an element cancels every effect it started, running or waiting. An
  /// action for an id that is not in the array is dropped and reported as a
  /// ``ChildActionDropped`` error, never given to another element.
  ///
  /// - Parameters:
  ///   - child: The element's reducer.
  ///   - path: Where the elements live.
  ///   - action: Where an element's actions live, with the element's id.
  ///   - environment: Picks the element's environment.
  ///   - onStart: Run in an element's scope when it is added.
  ///   - onStop: Run when an element is removed, after its effects were cancelled, outside its
  ///     scope, for this reducer's domain.
  @inlinable
  public func children<Element: Identifiable, ChildAction: Sendable, ChildEnvironment>(
    _ child: Reducer<ChildAction, Element, ChildEnvironment>,
    state path: WritableKeyPath<State, IdentifiedArray<Element>>,
    action: CasePath<Action, (Element.ID, ChildAction)>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    onStart: (@Sendable (Element.ID) -> Effect<ChildAction>)? = nil,
    onStop: (@Sendable (Element.ID) -> Effect<Action>)? = nil
  ) -> Reducer where Element: SendableMetatype, Element.ID: Sendable {
    let keyPath = SendableKeyPath(path)
    let list = ChildScopeKey(keyPath, Element.self, ChildAction.self)
    let scope = { @Sendable (id: Element.ID) in EffectScope(ElementScopeKey(list: list, id: id)) }
    let toChild = environment
    let parent = self
    let parentReshapes = parent.reshapeFilter
    let run: @Sendable (Action, inout State, Environment) -> Effect<Action> = {
      globalAction, state, environment in
      var effect = Effect<Action>.empty
      if let (id, childAction) = action.extract(from: globalAction) {
        if state[keyPath: keyPath.keyPath][id: id] != nil {
          effect = child.run(
            childAction, &state[keyPath: keyPath.keyPath][id: id]!, toChild(environment)
          ).scoped(in: scope(id)) { action.embed((id, $0)) }
        } else {
          effect = .dropped(childAction, child: scope(id))
        }
      }
      // NOTE: only the parent adds or removes elements; the ids are compared only around it, and
      // `==` is O(1) while none was added or removed: the ids share one buffer.
      guard parentReshapes?.test(globalAction) ?? true else {
        return effect + parent.run(globalAction, &state, environment)
      }
      let before = state[keyPath: keyPath.keyPath].ids
      let parentEffect = parent.run(globalAction, &state, environment)
      let after = state[keyPath: keyPath.keyPath]
      guard before != after.ids else { return effect + parentEffect }
      let removed = before.filter { after[id: $0] == nil }
      if !removed.isEmpty {
        let scopes = Set(removed.map(scope))
        effect =
          effect
          + .cancel(ids: { ($0 as? ScopedEffectID).map { scopes.contains($0.scope) } ?? false })
        if let onStop { effect = effect + .combine(removed.map(onStop)) }
      }
      if let onStart {
        let old = Set(before)
        for id in after.ids where !old.contains(id) {
          effect = effect + onStart(id).scoped(in: scope(id)) { action.embed((id, $0)) }
        }
      }
      return effect + parentEffect
    }
    // NOTE: no `accepts`, as for `child`.
    return Reducer(run: run, accepts: nil, reshapes: parentReshapes ?? ActionFilter { _ in true })
  }
}

/// The scope of one element of a lifted ``IdentifiedArray``.
@usableFromInline
struct ElementScopeKey<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  let list: ChildScopeKey
  let id: ID

  @usableFromInline
  init(list: ChildScopeKey, id: ID) {
    self.list = list
    self.id = id
  }

  @usableFromInline
  var description: String { "\(list)[\(id)]" }
}
