import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT from outside (`kill -INT`, or Ctrl-C when the terminal is not in raw mode), handed to
/// the REPL's loop.
///
/// The handler is installed before this returns, so no signal sent after the first prompt is
/// lost. (A dispatch signal source registers later, on another thread; a SIGINT sent meanwhile
/// hit the `SIG_IGN` it replaced and vanished.) The handler only writes one byte to a pipe, which
/// is safe in a signal handler; a thread of its own reads the pipe and calls `onInterrupt`.
enum InterruptSignal {
  // NOTE: `nonisolated(unsafe)`: written once, before the handler that reads it is installed.
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  static func install(_ onInterrupt: @escaping @Sendable () -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    writeEnd = ends[1]
    let readEnd = ends[0]
    Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count == 1 {
          onInterrupt()
        } else if count < 0, errno == EINTR {
          continue
        } else {
          return
        }
      }
    }.start()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      var byte: UInt8 = 1
      let saved = errno
      _ = write(InterruptSignal.writeEnd, &byte, 1)
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    _ = sigaction(SIGINT, &action, nil)
  }
}
