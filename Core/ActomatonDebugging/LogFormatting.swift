import Dispatch

/// Where a log observer formats its entries: on the actomaton, or in order on a queue of its own.
///
/// Formatting a state diff walks the state, so by default
/// `ActomatonObserver.debug(_:to:effects:when:formatting:)` hands the old and new states to a
/// background queue and the actor goes on at once. Entries
/// (and effect events) reach the sink in the order the actomaton reported them.
public final class LogFormatting: Sendable {
  private let queue: DispatchQueue?

  private init(queue: DispatchQueue?) {
    self.queue = queue
  }

  /// Formats each entry on the caller, the actomaton, before the action's effects start: the log
  /// and anything printed after the action stay in one order (a REPL's transcript).
  public static var inline: LogFormatting { LogFormatting(queue: nil) }

  /// Formats each entry on a new serial queue, off the actomaton, in the order they came.
  ///
  /// - Returns: A formatting with a queue of its own; give each observer its own call.
  public static func background() -> LogFormatting {
    LogFormatting(queue: DispatchQueue(label: "ActomatonDebugging.LogFormatting"))
  }

  /// Runs `work` on the formatting queue (at once, when inline).
  func run(_ work: @escaping @Sendable () -> Void) {
    if let queue { queue.async(execute: work) } else { work() }
  }

  /// Waits until every entry handed over so far has reached its sink.
  ///
  /// Returns at once for ``inline``. Call it before reading what a sink collected, or before the
  /// process exits, so the last entries are not lost.
  public func flush() {
    queue?.sync {}
  }
}
