extension Lifecycle {
  /// A child or a lifetime that lives while `isPresent` holds, with the same identity; what it
  /// declares itself (`inner`, already lifted into this domain and its scope) lives inside it.
  @usableFromInline
  static func presence(
    isPresent: @escaping @Sendable (inout State) -> Bool, probe: PresenceProbe?,
    identity: (@Sendable (inout State) -> AnyHashable?)?,
    scope: EffectScope, start: Effect<Action>, stop: Effect<Action>, inner: Lifecycle?
  ) -> Lifecycle {
    Lifecycle { environment, emitter in
      PresenceWatcher<Action, State>(
        isPresent: isPresent, probe: probe, identity: identity, emitter: emitter, scope: scope,
        start: start,
        stop: stop, inner: inner?.makeWatcher(environment, emitter))
    }
  }

  /// The subscriptions of one `subscriptions` call.
  @usableFromInline
  static func subscriptions<Key: Hashable & Sendable>(
    _ wanted: @escaping @Sendable (State, Environment) -> [Key: Effect<Action>],
    scope: @escaping @Sendable (Key) -> EffectScope
  ) -> Lifecycle {
    Lifecycle { environment, emitter in
      SubscriptionWatcher<Action, State, Key>(
        wanted: { wanted($0, environment) }, scope: scope, emitter: emitter)
    }
  }

  /// The subscriptions of one `subscriptions(keys:effect:)` call.
  @usableFromInline
  static func subscriptions<Key: Hashable & Sendable>(
    keys: @escaping @Sendable (State) -> Set<Key>,
    effect: @escaping @Sendable (Key, Environment) -> Effect<Action>,
    scope: @escaping @Sendable (Key) -> EffectScope
  ) -> Lifecycle {
    Lifecycle { environment, emitter in
      SubscriptionKeysWatcher<Action, State, Key>(
        keys: keys, effect: { effect($0, environment) }, scope: scope, emitter: emitter)
    }
  }

  /// The elements of an ``IdentifiedArray``, each alive while its id is there.
  @usableFromInline
  static func elements<Element: Identifiable, ChildAction: Sendable, ChildEnvironment>(
    ids: @escaping @Sendable (inout State) -> [Element.ID],
    element: @escaping @Sendable (inout State, Element.ID) -> Element?,
    scope: @escaping @Sendable (Element.ID) -> EffectScope,
    start: @escaping @Sendable (Element.ID) -> Effect<Action>,
    stop: @escaping @Sendable (Element.ID) -> Effect<Action>,
    lift: @escaping @Sendable (Element.ID, Effect<ChildAction>) -> Effect<Action>,
    environment toChild: @escaping @Sendable (Environment) -> ChildEnvironment,
    inner: Lifecycle<ChildAction, Element, ChildEnvironment>?
  ) -> Lifecycle where Element: SendableMetatype, Element.ID: Sendable {
    Lifecycle { environment, emitter in
      var makeInner: ((Element.ID) -> LifeWatcher)?
      if let inner {
        let local = toChild(environment)
        makeInner = { id in inner.makeWatcher(local, emitter.lifted { lift(id, $0) }) }
      }
      return ElementsWatcher<Action, State, Element>(
        ids: ids, element: element, scope: scope, start: start, stop: stop, emitter: emitter,
        makeInner: makeInner)
    }
  }
}
