extension Lifecycle {
  /// A child or a lifetime that lives while `project` finds its state, with the same identity;
  /// what it declares itself (`inner`, lifted into this domain's actions and its scope) lives
  /// inside it.
  @inlinable
  static func presence<Local>(
    project: @escaping @Sendable (State) -> Local?,
    identity: (@Sendable (Local) -> AnyHashable?)?,
    scope: EffectScope, start: Effect<Action>, stop: Effect<Action>,
    inner: Lifecycle<Action, Local, Environment>?
  ) -> Lifecycle {
    Lifecycle { environment in
      LifeWatcher.presence(
        project: project, identity: identity, scope: scope, start: start, stop: stop,
        inner: inner?.makeWatcher(environment))
    }
  }

  /// The subscriptions of one `subscriptions` call.
  @inlinable
  static func subscriptions<Key: Hashable & Sendable>(
    keys: @escaping @Sendable (State, Environment) -> Set<Key>,
    effect: @escaping @Sendable (Key, State, Environment) -> Effect<Action>,
    scope: @escaping @Sendable (Key) -> EffectScope
  ) -> Lifecycle {
    Lifecycle { environment in
      LifeWatcher.subscriptions(
        keys: { keys($0, environment) }, effect: { effect($0, $1, environment) }, scope: scope)
    }
  }

  /// The elements of an ``IdentifiedArray``, each alive while its id is there.
  @inlinable
  static func elements<Element: Identifiable, ChildAction: Sendable, ChildEnvironment>(
    ids: @escaping @Sendable (State) -> [Element.ID],
    element: @escaping @Sendable (State, Element.ID) -> Element?,
    scope: @escaping @Sendable (Element.ID) -> EffectScope,
    start: @escaping @Sendable (Element.ID) -> Effect<Action>,
    stop: @escaping @Sendable (Element.ID) -> Effect<Action>,
    lift: @escaping @Sendable (Element.ID, Effect<ChildAction>) -> Effect<Action>,
    environment toChild: @escaping @Sendable (Environment) -> ChildEnvironment,
    inner: Lifecycle<ChildAction, Element, ChildEnvironment>?
  ) -> Lifecycle where Element: SendableMetatype, Element.ID: Sendable {
    Lifecycle { environment in
      var makeInner: (() -> LifeWatcher<ChildAction, Element>)?
      if let inner {
        let local = toChild(environment)
        makeInner = { inner.makeWatcher(local) }
      }
      return LifeWatcher.elements(
        ids: ids, element: element, scope: scope, start: start, stop: stop, lift: lift,
        makeInner: makeInner)
    }
  }
}
