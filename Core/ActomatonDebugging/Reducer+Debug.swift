import Actomaton

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a logging reducer prints for each action.
public enum LogFormat: Sendable, Equatable {
  /// The action only.
  case actionOnly
  /// The action and the whole state after it.
  case fullState
  /// The action and the fields of the state that it changed.
  case stateDiff
}

/// Where log lines go: one call per action, with the whole entry (lines joined by newlines).
public typealias LogSink = @Sendable (String) -> Void

/// Writes each entry to standard error, with a newline, in one `write(2)` call.
///
/// Unbuffered: an entry is written before the call returns, so none waits in a buffer when the
/// process crashes.
public let standardErrorSink: LogSink = { entry in
  let bytes = Array((entry + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Reducers that log what they reduce: ``debug(_:to:when:)`` and ``log(_:format:to:when:)``.
extension Reducer {
  /// Logs every action and the state change it made, as a diff of the changed fields.
  ///
  /// Logging happens synchronously inside the reducer: the returned effect and the task `send`
  /// returns are exactly the wrapped reducer's, and no task is added.
  ///
  /// - Parameters:
  ///   - prefix: A name printed before each entry, to tell several logging reducers apart.
  ///   - sink: Where entries go; standard error by default.
  ///   - isLogged: Which actions to log (all by default); checked for every action, so it can
  ///     also switch logging on and off at run time.
  /// - Returns: A reducer that runs this one and logs each action it reduces.
  public func debug(
    _ prefix: String = "", to sink: @escaping LogSink = standardErrorSink,
    when isLogged: @escaping @Sendable (Action) -> Bool = { _ in true }
  ) -> Reducer {
    log(prefix, format: .stateDiff, to: sink, when: isLogged)
  }

  /// Logs every action in the chosen format.
  ///
  /// - Parameters:
  ///   - prefix: A name printed before each entry, to tell several logging reducers apart.
  ///   - format: The action only, the full state, or the state diff.
  ///   - sink: Where entries go; standard error by default.
  ///   - isLogged: Which actions to log (all by default); checked for every action, so it can
  ///     also switch logging on and off at run time.
  /// - Returns: A reducer that runs this one and logs each action it reduces.
  public func log(
    _ prefix: String = "", format: LogFormat, to sink: @escaping LogSink = standardErrorSink,
    when isLogged: @escaping @Sendable (Action) -> Bool = { _ in true }
  ) -> Reducer {
    let head = prefix.isEmpty ? "" : "[\(prefix)] "
    return wrappingRun { run in
      { action, state, environment in
        guard isLogged(action) else { return run(action, &state, environment) }
        let before = format == .stateDiff ? state : nil
        let effect = run(action, &state, environment)
        sink(LogEntry.text(head: head, action: action, format: format, old: before, new: state))
        return effect
      }
    }
  }
}
