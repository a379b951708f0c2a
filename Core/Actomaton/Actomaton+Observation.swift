extension Actomaton {
  /// The values of one slice of the state: the current value first, then each distinct new one.
  ///
  /// ```swift
  /// for await name in actomaton.values(of: \.user.name) { print("hello, \(name)") }
  /// ```
  ///
  /// See ``StateValues`` for how observers behave; an actomaton with no observer pays nothing.
  public nonisolated func values<Value: Sendable & Equatable>(
    of keyPath: KeyPath<State, Value>
  ) -> StateValues<Value> {
    let path = SendableKeyPath(keyPath)
    return StateValues { [weak self] in await self?.observe(path) }
  }

  private func observe<Value>(_ path: SendableKeyPath<KeyPath<State, Value>>) -> AsyncStream<Value>
  {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield(currentState[keyPath: path.keyPath])
    if hooks == nil { hooks = Hooks(observer: nil) }
    let offer = { (state: State) -> Bool in
      if case .terminated = continuation.yield(state[keyPath: path.keyPath]) { return false }
      return true
    }
    hooks?.subscribers.append((offer, continuation.finish))
    return stream
  }

  /// Reduces an action with its observers told; the slow path of ``process(_:from:)``.
  // NOTE: inlinable, like `send`, so that a host specialises it.
  @inlinable
  func processObserved(_ action: Action, from origin: ActionOrigin, hooks: Hooks)
    -> Effect<Action>
  {
    let observer = hooks.observer
    observer?.actionReceived?(action, origin)
    let effect: Effect<Action>
    if let actionReduced = observer?.actionReduced {
      let old = currentState
      effect = reduceAndCompare(action)
      actionReduced(action, origin, old, currentState)
    } else {
      effect = reduceAndCompare(action)
    }
    offerState(to: hooks)
    return effect
  }

  /// Offers the current state to the `values(of:)` observers and forgets those that ended.
  // NOTE: inlinable, so that a host specialises it: unspecialised, it built generic types each time.
  @inlinable
  func offerState(to hooks: Hooks) {
    if hooks.subscribers.isEmpty { return }
    let state = currentState
    hooks.subscribers.removeAll { !$0.offer(state) }
    if hooks.subscribers.isEmpty, hooks.observer == nil { self.hooks = nil }
  }

  func tell(_ kind: EffectEvent.Kind, _ record: EffectRecord) {
    guard let effectEvent = hooks?.observer?.effectEvent else { return }
    effectEvent(EffectEvent(kind: kind, serial: record.serial, id: record.id, queue: record.queue))
  }

  /// The observers of an actomaton (`nil` while there are none); only the actomaton touches them.
  @usableFromInline final class Hooks {
    @usableFromInline let observer: ActomatonObserver<Action, State>?
    /// State observers: each is offered every new state and answers whether it is still alive.
    @usableFromInline
    var subscribers: [(offer: (State) -> Bool, finish: @Sendable () -> Void)] = []

    init(observer: ActomatonObserver<Action, State>?) { self.observer = observer }
  }
}

/// A key path carried into `@Sendable` closures.
// NOTE: sendable by hand: a key path is immutable; its only state besides its layout is the
// index values of subscript components, copied in when it was formed.
@usableFromInline struct SendableKeyPath<Path: AnyKeyPath>: @unchecked Sendable {
  @usableFromInline let keyPath: Path
  @inlinable init(_ keyPath: Path) { self.keyPath = keyPath }
}
