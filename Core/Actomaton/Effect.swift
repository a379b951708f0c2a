/// The side effects a reducer returns: work the actomaton runs after the state change.
///
/// An effect is a list of parts taken in order: actions fed back at once, asynchronous tasks
/// (with an optional id and queue), and cancellations. `+` and ``combine(_:)-(Effect...)`` run
/// their tasks concurrently, ``concatenate(_:)-(Effect...)`` one after the other.
public struct Effect<Action: Sendable>: Sendable {
  /// The parts, or `nil` for none, so the empty effect costs no reference counting.
  @usableFromInline let storage: [Part]?

  @usableFromInline var parts: [Part] { storage ?? [] }

  @inlinable var isEmpty: Bool { storage == nil }

  @inlinable init(parts: [Part] = []) { self.storage = parts.isEmpty ? nil : parts }

  @usableFromInline enum Part: Sendable {
    case next(Action)
    case task(TaskEffect<Action>)
    case cancelID(ErasedKey)
    /// `endsScope`: a scope's end, which spares the `onStop` work inside it (`outlivesScopes`).
    case cancelWhere(@Sendable (any EffectIDProtocol) -> Bool, endsScope: Bool)
    /// Effects run one after the other. `outlivesScopes`: a child's `onStop`, whose later parts
    /// are orphaned with its running one.
    case concatenation([Effect], outlivesScopes: Bool)
  }

  /// No effect: the reducer only changed the state.
  @inlinable public static var empty: Effect { Effect() }

  /// Feeds `action` back synchronously, to be reduced next, before `send` returns; starts no task.
  @inlinable
  public static func nextAction(_ action: Action) -> Effect { Effect(parts: [.next(action)]) }

  /// An asynchronous effect whose result, if not `nil`, is fed back as the next action.
  ///
  /// - Parameters:
  ///   - id: An id for manual cancellation with ``cancel(id:)``.
  ///   - queue: A queue that cancels, discards or suspends the effect automatically.
  ///   - run: The work, run off the actomaton at the priority of the `send` that started it.
  @inlinable
  public init(
    id: (any EffectIDProtocol)? = nil,
    queue: (any EffectQueueProtocol)? = nil,
    run: @escaping @Sendable () async throws -> Action?
  ) {
    self.init(parts: [.task(TaskEffect(id: id, queue: queue, body: .single(run)))])
  }

  /// An asynchronous effect that feeds back every element of an `AsyncSequence`.
  ///
  /// The sequence is made and iterated in the effect's task, dropping elements after cancellation.
  ///
  /// - Parameters:
  ///   - id: The id that cancels it (see ``cancel(id:)``); `nil` for none.
  ///   - queue: The queue it waits in and runs by; `nil` to start at once.
  ///   - sequence: Makes the sequence whose elements are fed back; `nil` feeds back nothing.
  ///     What it or the sequence throws reaches the task `send` returned and the `onError:` hook.
  public init<S: AsyncSequence>(
    id: (any EffectIDProtocol)? = nil,
    queue: (any EffectQueueProtocol)? = nil,
    sequence: @escaping @Sendable () async throws -> S?
  ) where S.Element == Action, S: SendableMetatype {
    self = .run(id: id, queue: queue) { send in
      guard let sequence = try await sequence() else { return }
      var iterator = sequence.makeAsyncIterator()
      while !Task.isCancelled, let action = try await iterator.next() { await send(action) }
    }
  }

  /// An asynchronous effect that may feed back any number of actions through `send`.
  ///
  /// ```swift
  /// .run(id: DownloadID()) { send in
  ///   for try await progress in download() { await send(.progress(progress)) }
  ///   await send(.finished)
  /// }
  /// ```
  ///
  /// Each `await send(action)` returns once the action was reduced. Actions sent after the effect
  /// was cancelled or `operation` returned are dropped.
  ///
  /// - Parameters:
  ///   - id: An id for manual cancellation with ``cancel(id:)``.
  ///   - queue: A queue that cancels, discards or suspends the effect automatically.
  ///   - operation: The work, run off the actomaton at the priority of the `send` that started it.
  public static func run(
    id: (any EffectIDProtocol)? = nil,
    queue: (any EffectQueueProtocol)? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void
  ) -> Effect {
    Effect(parts: [.task(TaskEffect(id: id, queue: queue, body: .sequence(operation)))])
  }

  /// The effects one after the other: each one's async work starts once the one before is over
  /// (returned, thrown or cancelled) and its action reduced. `+` runs effects concurrently.
  ///
  /// The task `send` returns waits for every part; cancelling it stops the parts not begun.
  ///
  /// - Parameter effects: The effects, in the order they run.
  public static func concatenate(_ effects: Effect...) -> Effect { concatenate(effects) }

  /// The effects one after the other; see ``concatenate(_:)-(Effect...)``.
  public static func concatenate(_ effects: [Effect]) -> Effect {
    let parts = effects.filter { !$0.isEmpty }
    if parts.count <= 1 { return parts.first ?? .empty }
    return Effect(parts: [.concatenation(parts, outlivesScopes: false)])
  }

  /// An asynchronous effect that feeds nothing back.
  ///
  /// - Parameters:
  ///   - id: The id that cancels it (see ``cancel(id:)``); `nil` for none.
  ///   - queue: The queue it waits in and runs by; `nil` to start at once.
  ///   - run: The work; what it throws reaches the task `send` returned and the `onError:` hook.
  public static func fireAndForget(
    id: (any EffectIDProtocol)? = nil,
    queue: (any EffectQueueProtocol)? = nil,
    run: @escaping @Sendable () async throws -> Void
  ) -> Effect {
    Effect(id: id, queue: queue) {
      try await run()
      return nil
    }
  }

  /// Cancels every running, delayed or waiting effect that has this id.
  ///
  /// - Parameter id: The id to cancel; ids compare as `AnyHashable` does.
  public static func cancel(id: any EffectIDProtocol) -> Effect {
    Effect(parts: [.cancelID(ErasedKey(base: id))])
  }

  /// Cancels every effect whose id satisfies `predicate`.
  ///
  /// An effect without an id is seen as an ``AnonymousEffectID``: `{ _ in true }` cancels all.
  ///
  /// - Parameter predicate: Whether to cancel the effects with an id.
  public static func cancel(ids predicate: @escaping @Sendable (any EffectIDProtocol) -> Bool)
    -> Effect
  {
    Effect(parts: [.cancelWhere(predicate, endsScope: false)])
  }

  /// The effects together: their parts are taken in the order given and their tasks then run
  /// concurrently. For one after the other, see ``concatenate(_:)-(Effect...)``.
  ///
  /// - Parameter effects: The effects, whose parts start in this order.
  @inlinable
  public static func combine(_ effects: Effect...) -> Effect { combine(effects) }

  /// The effects together, their tasks concurrent; see ``combine(_:)-(Effect...)``.
  @inlinable
  public static func combine(_ effects: [Effect]) -> Effect {
    if effects.count == 1 { return effects[0] }
    return Effect(parts: effects.flatMap(\.parts))
  }

  /// `lhs`'s parts, then `rhs`'s, as ``combine(_:)-(Effect...)`` takes them.
  @inlinable
  public static func + (lhs: Effect, rhs: Effect) -> Effect {
    if lhs.isEmpty { return rhs }
    if rhs.isEmpty { return lhs }
    return Effect(parts: lhs.parts + rhs.parts)
  }

  /// The same effect, with every action it feeds back transformed by `transform`.
  ///
  /// - Parameter transform: Turns each action fed back into the parent's action.
  @inlinable
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    if isEmpty { return .empty }
    return Effect<NewAction>(
      parts: parts.map { part in
        switch part {
        case let .next(action): .next(transform(action))
        case let .task(task): .task(task.map(transform))
        case let .cancelID(key): .cancelID(key)
        case let .cancelWhere(predicate, ends): .cancelWhere(predicate, endsScope: ends)
        case let .concatenation(effects, stops):
          .concatenation(effects.map { $0.map(transform) }, outlivesScopes: stops)
        }
      })
  }
}

/// Feeds actions back into the actomaton from an ``Effect/run(id:queue:operation:)`` effect.
public struct Send<Action: Sendable>: Sendable {
  let feed: @Sendable (Action) async -> Void

  /// Feeds `action` back and returns once it was reduced; drops it when the effect was
  /// cancelled or is over.
  public func callAsFunction(_ action: Action) async { await feed(action) }
}

/// One asynchronous part of an ``Effect``.
@usableFromInline struct TaskEffect<Action: Sendable>: Sendable {
  @usableFromInline enum Body: Sendable {
    /// Runs once; a non-`nil` result is fed back.
    case single(@Sendable () async throws -> Action?)
    /// Runs and feeds back any number of actions.
    case sequence(@Sendable (_ send: Send<Action>) async throws -> Void)
  }

  @usableFromInline let id: (any EffectIDProtocol)?
  @usableFromInline let queue: (any EffectQueueProtocol)?
  @usableFromInline let body: Body
  /// A child's `onStop` work, which the end of a scope around it orphans instead of cancelling.
  @usableFromInline let outlivesScopes: Bool
  /// `onStop` work whose parent is gone too: nothing it feeds back is reduced, and no id or
  /// predicate reaches it (only a release or its send's task).
  @usableFromInline let isOrphaned: Bool

  @usableFromInline init(
    id: (any EffectIDProtocol)?, queue: (any EffectQueueProtocol)?, body: Body,
    outlivesScopes: Bool = false, isOrphaned: Bool = false
  ) {
    (self.id, self.queue, self.body) = (id, queue, body)
    (self.outlivesScopes, self.isOrphaned) = (outlivesScopes, isOrphaned)
  }

  @usableFromInline func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> TaskEffect<NewAction> {
    let newBody: TaskEffect<NewAction>.Body =
      switch body {
      case let .single(run): .single { try await run().map(transform) }
      case let .sequence(run):
        .sequence { send in try await run(Send { await send(transform($0)) }) }
      }
    return TaskEffect<NewAction>(
      id: id, queue: queue, body: newBody, outlivesScopes: outlivesScopes, isOrphaned: isOrphaned)
  }
}
