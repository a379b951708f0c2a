/// Watches an actomaton's actions, state changes and effects, for logging, debugging and hosts.
///
/// The closures run synchronously on the actomaton, in order: keep them fast. A `nil` closure costs
/// nothing (the old state is kept only for ``actionReduced``); with no observer, nothing is done.
///
/// One reduction is one ``actionReduced`` call (action, origin, both states); an action fed back at
/// once (``Effect/nextAction(_:)``) is reduced and told after the action that returned it.
public struct ActomatonObserver<Action: Sendable, State: Sendable>: Sendable {
  /// An action is about to be reduced, and where it came from.
  public var actionReceived: (@Sendable (_ action: Action, _ origin: ActionOrigin) -> Void)?
  /// An action was reduced: the action, where it came from, and the state before and after it
  /// (equal when nothing changed).
  public var actionReduced:
    (@Sendable (_ action: Action, _ origin: ActionOrigin, _ old: State, _ new: State) -> Void)?
  /// The state was put back with ``Actomaton/restore(_:)``: the state before and after.
  public var stateRestored: (@Sendable (_ old: State, _ new: State) -> Void)?
  /// An effect started, waited, ended or was dropped.
  public var effectEvent: (@Sendable (_ event: EffectEvent) -> Void)?

  /// Creates an observer from the closures it needs.
  public init(
    actionReceived: (@Sendable (_ action: Action, _ origin: ActionOrigin) -> Void)? = nil,
    actionReduced: (
      @Sendable (_ action: Action, _ origin: ActionOrigin, _ old: State, _ new: State) -> Void
    )? = nil,
    stateRestored: (@Sendable (_ old: State, _ new: State) -> Void)? = nil,
    effectEvent: (@Sendable (_ event: EffectEvent) -> Void)? = nil
  ) {
    (self.actionReceived, self.actionReduced) = (actionReceived, actionReduced)
    (self.stateRestored, self.effectEvent) = (stateRestored, effectEvent)
  }
}

extension ActomatonObserver {
  /// One observer that tells every one of `observers`, in order.
  public static func combine(_ observers: [ActomatonObserver]) -> ActomatonObserver {
    let actions = observers.compactMap(\.actionReceived)
    let reductions = observers.compactMap(\.actionReduced)
    let restores = observers.compactMap(\.stateRestored)
    let effects = observers.compactMap(\.effectEvent)
    // NOTE: a kind no observer tells of stays `nil`, which costs nothing.
    var combined = ActomatonObserver()
    if !actions.isEmpty { combined.actionReceived = { for tell in actions { tell($0, $1) } } }
    if !reductions.isEmpty {
      combined.actionReduced = { for tell in reductions { tell($0, $1, $2, $3) } }
    }
    if !restores.isEmpty { combined.stateRestored = { for tell in restores { tell($0, $1) } } }
    if !effects.isEmpty { combined.effectEvent = { for tell in effects { tell($0) } } }
    return combined
  }
}

/// Where an action that an actomaton reduces came from.
public enum ActionOrigin: Sendable, Hashable {
  /// A call to `send`.
  case send
  /// An ``Effect/nextAction(_:)``, fed back synchronously.
  case nextAction
  /// An action an effect returned, yielded or sent.
  case feedback
  /// An element of a binding (``Actomaton/bind(id:to:action:)``).
  case binding
}

/// One moment in an asynchronous effect's life.
public struct EffectEvent: Sendable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, CustomStringConvertible {
    /// The effect's task was created and its body will run (after the queue's delay, if any).
    case started
    /// The effect waits in its full `suspendNew` queue.
    case suspended
    /// A waiting effect left its queue's line and started.
    case resumed
    /// The effect was dropped unrun: its `discardNew` queue was full or misused, or its send
    /// was cancelled while it waited.
    case discarded
    /// The effect was cancelled; a running body has been told to stop.
    case cancelled
    /// The body returned (or ended after being told to stop).
    case finished
    /// The body threw this error (not reported for an effect that had been cancelled).
    case threw(any Error)

    /// The kind's name; a thrown error follows it.
    public var description: String {
      switch self {
      case .started: "started"
      case .suspended: "suspended"
      case .resumed: "resumed"
      case .discarded: "discarded"
      case .cancelled: "cancelled"
      case .finished: "finished"
      case let .threw(error): "threw \(error)"
      }
    }
  }

  /// What happened.
  public let kind: Kind
  /// A number unique to the effect within its actomaton.
  public let serial: UInt64
  /// The effect's id, if it has one.
  public let id: (any EffectIDProtocol)?
  /// The effect's queue, if it has one.
  public let queue: (any EffectQueueProtocol)?

  /// One line: the kind, the serial, the id and the queue.
  public var description: String {
    var text = "effect #\(serial) \(kind)"
    if let id { text += " id: \(id)" }
    if let queue { text += " queue: \(queue)" }
    return text
  }
}
