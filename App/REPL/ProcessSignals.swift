import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT from outside (`kill -INT`, or Ctrl-C when the terminal is not in raw mode), and
/// SIGTERM and SIGHUP (closing the terminal window), handed to the REPL's loop.
///
/// The handlers are installed before this returns, so no signal sent after the first prompt is
/// lost. (A dispatch signal source registers later, on another thread; a SIGINT sent meanwhile
/// hit the `SIG_IGN` it replaced and vanished.) A handler only writes the signal's number to a
/// pipe, which is safe in a signal handler; a thread of its own reads the pipe and calls
/// `onSignal`.
enum ProcessSignals {
  /// The signals handed on.
  static let handled = [SIGINT, SIGTERM, SIGHUP]

  // NOTE: `nonisolated(unsafe)`: written once, before the handlers that read it are installed.
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  static func install(_ onSignal: @escaping @Sendable (Int32) -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    writeEnd = ends[1]
    let readEnd = ends[0]
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
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      var byte = UInt8(truncatingIfNeeded: signal)
      let saved = errno
      _ = write(ProcessSignals.writeEnd, &byte, 1)
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    for signal in handled { _ = sigaction(signal, &action, nil) }
  }
}
