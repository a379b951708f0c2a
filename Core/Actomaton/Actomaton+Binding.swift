extension Actomaton {
  /// Binds the actomaton to an asynchronous sequence: each element becomes an action, until the
  /// sequence ends, `id` is cancelled, or the actomaton is released.
  ///
  /// ```swift
  /// await store.bind(id: ClockTicks(), to: ticks) { _ in .tick }
  /// ```
  ///
  /// The binding is an effect with this id, ended by ``unbind(id:)``, ``Effect/cancel(id:)`` or
  /// a new binding with that id. A throwing sequence ends it, told to `onError:` and the observer.
  ///
  /// - Parameters:
  ///   - id: The binding's effect id.
  ///   - sequence: The source of actions.
  ///   - action: Turns an element into the action to send; `nil` skips the element.
  public func bind<S: AsyncSequence & Sendable>(
    id: some EffectIDProtocol, to sequence: S,
    action: @escaping @Sendable (S.Element) -> Action?
  ) where S.Element: Sendable {
    let body = TaskEffect<Action>.Body.sequence { send in
      for try await element in sequence {
        if Task.isCancelled { return }
        if let action = action(element) { await send(action) }
      }
    }
    unbind(id: id)
    var context = SendContext(priority: nil, tracksFeedbacks: false, returnsTask: false)
    context.marksBinding = true
    admit(TaskEffect(id: id, queue: nil, body: body), in: &context)
  }

  /// Keeps the actomaton in step with a slice of another actomaton's state: its current value,
  /// then each distinct new one, becomes an action. Neither actomaton holds the other: the
  /// binding ends when either is released, or when `id` is cancelled.
  ///
  /// - Parameters:
  ///   - id: The binding's effect id.
  ///   - source: The actomaton whose state is followed.
  ///   - keyPath: The slice of `source`'s state to follow.
  ///   - action: Turns a value into the action to send; `nil` skips the value.
  public func bind<SourceAction, SourceState, Value: Sendable & Equatable>(
    id: some EffectIDProtocol, to source: Actomaton<SourceAction, SourceState>,
    _ keyPath: KeyPath<SourceState, Value>,
    action: @escaping @Sendable (Value) -> Action?
  ) {
    bind(id: id, to: source.values(of: keyPath), action: action)
  }

  /// Ends the binding (or any effect) with this id.
  ///
  /// - Parameter id: The id the binding was made with.
  public func unbind(id: some EffectIDProtocol) {
    carry(ledger.cancel(id: ErasedKey(base: id)))
  }
}
