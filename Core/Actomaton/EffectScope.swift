/// A namespace for the effects of one lifted child: a child of an optional or enum state, one
/// element of an ``IdentifiedArray``, or one subscription.
///
/// Every effect a scoped child starts gets a ``ScopedEffectID`` (even one without an id), and
/// every queue it joins becomes a ``ScopedEffectQueue``: the scope cancels them all at once, and
/// two scopes never touch each other's effects.
public struct EffectScope: Hashable, Sendable, CustomStringConvertible {
  let key: ErasedKey

  /// A scope named by `key`; equal keys (as `AnyHashable` compares them) are one scope.
  public init(_ key: some Hashable & Sendable) { self.key = ErasedKey(base: key) }

  /// The scope's key, as text.
  public var description: String { "\(key.base)" }
}

/// The id of an effect started inside an ``EffectScope``: the scope and the child's own id.
public struct ScopedEffectID: EffectIDProtocol, CustomStringConvertible {
  /// The scope the effect belongs to.
  public let scope: EffectScope
  // NOTE: equality and hashing are the scope's and the inner value's (as `AnyHashable`'s).
  let innerKey: ErasedKey

  /// The id the child gave the effect; ``UnnamedEffectID`` when it gave none.
  public var inner: any EffectIDProtocol { innerKey.base as! any EffectIDProtocol }

  /// The id of the effect a child in `scope` started with the id `inner` (or ``UnnamedEffectID``).
  public init(scope: EffectScope, inner: any EffectIDProtocol) {
    (self.scope, innerKey) = (scope, ErasedKey(base: inner))
  }

  /// The scope and the inner value, as `scope/inner`.
  public var description: String { "\(scope)/\(inner)" }
}

/// The inner id of a scoped effect that its child started without an id.
public struct UnnamedEffectID: EffectIDProtocol {}

/// A child's queue inside one ``EffectScope``: its policy and delay, a different queue per scope.
public struct ScopedEffectQueue: EffectQueueProtocol, CustomStringConvertible {
  /// The scope the queue belongs to.
  public let scope: EffectScope
  // NOTE: equality and hashing are the scope's and the inner value's (as `AnyHashable`'s).
  let innerKey: ErasedKey

  /// The queue the child named.
  public var inner: any EffectQueueProtocol { innerKey.base as! any EffectQueueProtocol }
  /// The inner queue's policy.
  public var effectQueuePolicy: EffectQueuePolicy { inner.effectQueuePolicy }
  /// The inner queue's delay.
  public var effectQueueDelay: EffectQueueDelay { inner.effectQueueDelay }

  /// The queue `inner` of a child in `scope`, with `inner`'s policy and delay.
  public init(scope: EffectScope, inner: any EffectQueueProtocol) {
    (self.scope, innerKey) = (scope, ErasedKey(base: inner))
  }

  /// The scope and the inner value, as `scope/inner`.
  public var description: String { "\(scope)/\(inner)" }
}

extension Effect {
  /// Cancels every running, delayed or waiting effect started in `scope` or a scope nested in it.
  ///
  /// - Parameter scope: The scope whose effects to cancel.
  public static func cancel(scope: EffectScope) -> Effect {
    .cancel(ids: { ($0 as? ScopedEffectID)?.scope == scope })
  }

  /// The end of a child's or a lifetime's scope: cancels its effects, nested scopes included,
  /// but orphans the `onStop` work of children that went before (``outlivingScopes()``).
  @usableFromInline static func endScope(_ scope: EffectScope) -> Effect {
    endScope(where: { ($0 as? ScopedEffectID)?.scope == scope })
  }

  /// Ends the scopes whose effects' ids match, sparing the `onStop` work inside them.
  @usableFromInline
  static func endScope(where predicate: @escaping @Sendable (any EffectIDProtocol) -> Bool)
    -> Effect
  {
    Effect(parts: [.cancelWhere(predicate, endsScope: true)])
  }

  /// The same effect as a child's `onStop` work, which the end of a scope around it orphans
  /// instead of cancelling (`TaskEffect.isOrphaned`).
  @usableFromInline func outlivingScopes() -> Effect {
    Effect(
      parts: parts.map { part in
        switch part {
        case let .task(task):
          .task(TaskEffect(id: task.id, queue: task.queue, body: task.body, outlivesScopes: true))
        case let .concatenation(effects, _):
          .concatenation(effects.map { $0.outlivingScopes() }, outlivesScopes: true)
        default: part
        }
      })
  }

  /// The work of this effect with nothing fed back, for an `onStop` whose child is gone too: its
  /// tasks keep their queues and order, out of every id's reach; actions and cancellations go.
  // NOTE: lifting an orphaned effect (`scoped`, `map`) keeps it orphaned.
  @usableFromInline func orphaned<Orphan: Sendable>() -> Effect<Orphan> {
    Effect<Orphan>(
      parts: parts.compactMap { part -> Effect<Orphan>.Part? in
        switch part {
        case .next, .cancelID, .cancelWhere: nil
        case let .concatenation(effects, _):
          .concatenation(effects.map { $0.orphaned() }, outlivesScopes: true)
        case let .task(task):
          .task(
            TaskEffect(
              id: task.id, queue: task.queue,
              body: .single {
                switch task.body {
                case let .single(run): _ = try await run()
                case let .sequence(run): try await run(Send { _ in })
                }
                return nil
              }, outlivesScopes: true, isOrphaned: true))
        }
      })
  }

  /// The same effect, run inside `scope`, with every action it feeds back transformed.
  ///
  /// Ids and queues are wrapped into `scope` (an effect without an id gets ``UnnamedEffectID``),
  /// and its cancellations reach only the effects of `scope`.
  ///
  /// - Parameters:
  ///   - scope: The scope the effect runs in.
  ///   - transform: Turns each action fed back into the parent's action.
  @inlinable
  public func scoped<NewAction: Sendable>(
    in scope: EffectScope, _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    if isEmpty { return .empty }
    return scopedParts(in: scope, transform)
  }

  @usableFromInline func scopedParts<NewAction: Sendable>(
    in scope: EffectScope, _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    Effect<NewAction>(
      parts: parts.compactMap { part -> Effect<NewAction>.Part? in
        switch part {
        case let .next(action): .next(transform(action))
        case let .task(task):
          .task(
            TaskEffect(
              id: ScopedEffectID(scope: scope, inner: task.id ?? UnnamedEffectID()),
              queue: task.queue.map { ScopedEffectQueue(scope: scope, inner: $0) },
              body: task.map(transform).body, outlivesScopes: task.outlivesScopes,
              isOrphaned: task.isOrphaned))
        case let .cancelID(key):
          (key.base as? any EffectIDProtocol).map {
            .cancelID(ErasedKey(base: ScopedEffectID(scope: scope, inner: $0)))
          }
        case let .cancelWhere(predicate, endsScope):
          .cancelWhere(
            { id in
              guard let scoped = id as? ScopedEffectID, scoped.scope == scope else { return false }
              // NOTE: the child sees its unnamed effects as anonymous, as it would unlifted.
              let inner =
                scoped.inner is UnnamedEffectID ? AnonymousEffectID(serial: 0) : scoped.inner
              return predicate(inner)
            }, endsScope: endsScope)
        case let .concatenation(effects, stops):
          .concatenation(effects.map { $0.scoped(in: scope, transform) }, outlivesScopes: stops)
        }
      })
  }
}
