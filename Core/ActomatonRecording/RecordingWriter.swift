import Dispatch
import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// The recorder's writer: a thread of its own at the lowest scheduling priority, woken when
/// lines wait for it.
///
/// NOTE: a thread of its own, not a dispatch queue, for its priority. Encoding a line costs far
/// more than the send it records (about 15 µs against half a microsecond), so a writer at the
/// app's priority takes a whole core from a busy app on a small machine. At nice 19 it gets
/// what the app leaves (every idle moment, and a small share when the app never idles); the
/// recorder's buffer holds the lines meanwhile and counts those it cannot hold. A `flush()` or
/// `close()` writes on the caller's thread, at the caller's priority.
@usableFromInline final class RecordingWriter: Sendable {
  private let wake = DispatchSemaphore(value: 0)
  private let stopped = Locked(false)

  /// Starts the thread, which runs `drain` each time it is woken until ``stop()``.
  ///
  /// - Parameter drain: Writes what waits; holds the recorder weakly.
  func start(drain: @escaping @Sendable () -> Void) {
    let (wake, stopped) = (wake, stopped)
    let thread = Thread {
      #if canImport(Glibc)
        // NOTE: on Linux the nice value is the calling thread's own (0 names it), not the
        // process's; raising it needs no privilege.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
      #endif
      while true {
        wake.wait()
        if stopped.withLock({ $0 }) { return }
        drain()
      }
    }
    thread.name = "ActomatonRecording.writer"
    thread.start()
  }

  /// Has the thread run `drain` once more (soon: the thread waits for nothing else).
  @usableFromInline func wakeUp() { wake.signal() }

  /// Ends the thread after the drain it is in, if any.
  func stop() {
    stopped.withLock { $0 = true }
    wake.signal()
  }

  deinit { stop() }
}
