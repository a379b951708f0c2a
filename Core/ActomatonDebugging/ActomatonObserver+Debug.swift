import Actomaton
import OutsideText

/// Observers that log an actomaton: ``debug(_:to:effects:when:formatting:)`` and
/// ``log(_:format:to:effects:when:formatting:)``.
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
  ///   - formatting: Where entries are formatted: by default on a queue of the observer's own, so
  ///     the diff costs the actomaton only a copy of the old state; `.inline` on the actomaton.
  /// - Returns: An observer to give the actomaton, or to combine with others.
  public static func debug(
    _ prefix: String = "", to sink: @escaping LogSink = standardErrorSink, effects: Bool = false,
    when isLogged: @escaping @Sendable (Action) -> Bool = { _ in true },
    formatting: LogFormatting = .background()
  ) -> ActomatonObserver {
    log(
      prefix, format: .stateDiff, to: sink, effects: effects, when: isLogged,
      formatting: formatting)
  }

  /// An observer that logs every action in the chosen format, and optionally every effect event.
  ///
  /// The state is copied before each action only for `.stateDiff`, and only for logged actions'
  /// entries is any text made.
  ///
  /// - Parameters:
  ///   - prefix: A name printed before each entry, to tell several actomatons apart.
  ///   - format: The action only, the full state, or the state diff.
  ///   - sink: Where entries go; standard error by default.
  ///   - effects: Whether effect events (started, finished, cancelled, …) are logged too.
  ///   - isLogged: Which actions to log (all by default); checked for every action.
  ///   - formatting: Where entries are formatted: by default on a queue of the observer's own,
  ///     in order; `.inline` on the actomaton.
  /// - Returns: An observer to give the actomaton, or to combine with others.
  public static func log(
    _ prefix: String = "", format: LogFormat, to sink: @escaping LogSink = standardErrorSink,
    effects: Bool = false, when isLogged: @escaping @Sendable (Action) -> Bool = { _ in true },
    formatting: LogFormatting = .background()
  ) -> ActomatonObserver {
    let head = prefix.isEmpty ? "" : "[\(prefix)] "
    var observer = ActomatonObserver()
    if effects {
      // NOTE: an event's text may carry text from outside (a server's error): the one rule.
      observer.effectEvent = { event in
        formatting.run { sink(head + "\(event)".terminalSafe(keepingLineBreaks: false)) }
      }
    }
    if format == .actionOnly {
      observer.actionReceived = { action, _ in
        guard isLogged(action) else { return }
        formatting.run {
          sink(LogEntry.text(head: head, action: action, format: format, old: nil, new: ()))
        }
      }
      return observer
    }
    // NOTE: the action and both states travel together in one call, so entries pair them right
    // even when one observer serves several actomatons; the queue keeps their order.
    observer.actionReduced = { action, _, old, new in
      guard isLogged(action) else { return }
      formatting.run {
        sink(LogEntry.text(head: head, action: action, format: format, old: old, new: new))
      }
    }
    return observer
  }
}
