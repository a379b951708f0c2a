import Actomaton

/// One thing that happened to a recorded actomaton's state: an action it reduced, or a state put
/// back with `Actomaton.restore(_:)`.
public struct RecordedEntry<Action: Sendable, State: Sendable>: Sendable {
  /// What happened.
  public enum Event: Sendable {
    /// An action was reduced; where it came from.
    case action(Action, ActionOrigin)
    /// The state was put back to this one.
    // NOTE: indirect: a whole state inline would make every entry as large as the state, and a
    // replay would walk that much memory for each action.
    indirect case restore(State)
  }

  /// The entry's place in the recording, from 0.
  public let index: Int
  /// The time since the recording started, by the recorder's clock.
  public let time: Duration
  /// What happened.
  public let event: Event

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - index: The entry's place in the recording, from 0.
  ///   - time: The time since the recording started.
  ///   - event: What happened.
  @inlinable public init(index: Int, time: Duration, event: Event) {
    self.index = index
    self.time = time
    self.event = event
  }

  /// The action, for an entry that reduced one.
  public var action: Action? {
    if case let .action(action, _) = event { return action }
    return nil
  }

  /// Where the action came from; `nil` for a restore.
  public var origin: ActionOrigin? {
    if case let .action(_, origin) = event { return origin }
    return nil
  }

  /// `state` after this entry, given `state` before it, through `reduce` (whose effects are
  /// dropped: their results are entries of their own).
  // NOTE: inlinable, as `replay` is: a replay specialised for its action and state types runs
  // about 4× faster than one through generic witnesses.
  @inlinable
  func apply(to state: inout State, _ reduce: (Action, inout State) -> Void) {
    switch event {
    case let .action(action, _): reduce(action, &state)
    case let .restore(restored): state = restored
    }
  }
}

extension ActionOrigin {
  /// The origin's name in a recording.
  var recordedName: String {
    switch self {
    case .send: "send"
    case .nextAction: "nextAction"
    case .feedback: "feedback"
    case .binding: "binding"
    }
  }

  init?(recordedName: String) {
    switch recordedName {
    case "send": self = .send
    case "nextAction": self = .nextAction
    case "feedback": self = .feedback
    case "binding": self = .binding
    default: return nil
    }
  }
}
