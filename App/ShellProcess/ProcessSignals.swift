import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The signals that ask the program to end or to stop its work, sent from outside (`kill`, or
/// Ctrl-C, Ctrl-\ when the terminal is not in raw mode): SIGINT, SIGTERM, SIGHUP (closing the
/// terminal window) and SIGQUIT, handed to the REPL's loop.
///
/// The handlers are installed before this returns, so no signal sent after the first prompt is
/// lost. (A dispatch signal source registers later, on another thread; a SIGINT sent meanwhile
/// hit the `SIG_IGN` it replaced and vanished.) A handler only writes the signal's number to a
/// pipe, which is safe in a signal handler; a thread of its own reads the pipe and calls
/// `onSignal`.
public enum ProcessSignals {
  /// The signals handed on.
  public static let handled = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  // NOTE: `nonisolated(unsafe)`: written once, before the handlers that read it are installed.
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  public static func install(_ onSignal: @escaping @Sendable (Int32) -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    writeEnd = ends[1]
    let readEnd = ends[0]
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      let saved = errno
      ProcessSignals.deliver(signal)
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    for signal in handled { _ = sigaction(signal, &action, nil) }
    Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count == 1 {
          onSignal(Int32(byte))
        } else if count < 0, errno == EINTR {
          continue
        } else {
          return
        }
      }
    }.start()
  }

  /// Hands `signal` to the REPL's loop as if it were handled here; whether it was (the loop
  /// listens). Async-signal-safe: one `write`.
  @discardableResult
  static func deliver(_ signal: Int32) -> Bool {
    var byte = UInt8(truncatingIfNeeded: signal)
    return writeEnd >= 0 && write(writeEnd, &byte, 1) == 1
  }
}
