import Actomaton
import OutsideText

extension ActomatonObserver {
  /// An observer that logs every action with the state fields it changed, and optionally every
  /// effect event: the whole runtime of an actomaton, without wrapping its reducer.
  ///
  /// ```swift
  /// let store = Actomaton(state: State(), reducer: reducer, observer: .debug("app"))
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: A name printed before each entry, to tell several actomatons apart.
  ///   - sink: Where entries go; standard error by default.
  ///   - effects: Whether effect events (started, finished, cancelled, …) are logged too.
  ///   - isLogged: Which actions to log (all by default); checked for every action.
  public static func debug(
    _ prefix: String = "", to sink: @escaping LogSink = standardErrorSink, effects: Bool = false,
    when isLogged: @escaping @Sendable (Action) -> Bool = { _ in true }
  ) -> ActomatonObserver {
    log(prefix, format: .stateDiff, to: sink, effects: effects, when: isLogged)
  }

  /// An observer that logs every action in the chosen format, and optionally every effect event.
  ///
  /// The state is copied before each action only for `.stateDiff`, and only for logged actions'
  /// entries is any text made.
  public static func log(
    _ prefix: String = "", format: LogFormat, to sink: @escaping LogSink = standardErrorSink,
    effects: Bool = false, when isLogged: @escaping @Sendable (Action) -> Bool = { _ in true }
  ) -> ActomatonObserver {
    let head = prefix.isEmpty ? "" : "[\(prefix)] "
    var observer = ActomatonObserver()
    if effects {
      // NOTE: an event's text may carry text from outside (a server's error): the one rule.
      observer.effectEvent = { event in
        sink(head + "\(event)".terminalSafe(keepingLineBreaks: false))
      }
    }
    if format == .actionOnly {
      observer.actionReceived = { action, _ in
        guard isLogged(action) else { return }
        sink(LogEntry.text(head: head, action: action, format: format, old: nil, new: ()))
      }
      return observer
    }
    observer.actionReduced = { action, _, old, new in
      guard isLogged(action) else { return }
      sink(LogEntry.text(head: head, action: action, format: format, old: old, new: new))
    }
    return observer
  }
}
