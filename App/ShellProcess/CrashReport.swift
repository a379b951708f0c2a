import Foundation
import OutsideText
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The last actions, written to the report file when the process dies of a crash signal
/// (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP: a trap in Swift code is one of these), as
/// `report` writes them, with one line on standard error that says where.
///
/// A crash signal someone else sent (`kill -SEGV`) is no crash: it goes to ``ProcessSignals``,
/// and the program saves and ends as for SIGTERM. The kernel sends a fault with a positive
/// `si_code`; `kill`, `sigqueue` and `tgkill` send 0 or less, with the sender's pid, which is
/// this process's own for `abort` and `raise`: a crash too.
///
/// A signal handler may not allocate, lock or encode, so the recording's lines are published as
/// they are written (``CrashReportSink``) into one of two buffers made at start, and the handler
/// only writes the published one with `open`, `write` and `rename`, which are safe there. Then it puts back
/// the handler it replaced (the Swift runtime's backtracer, the terminal's restorer) and raises
/// the signal again, so the process still dies of it.
public enum CrashReport {
  /// The most a report holds; a ring past it (whole states of a huge list in its checkpoints)
  /// keeps the report of the last command line that fitted.
  static let capacity = 4 << 20
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// The published buffer (0 or 1) and its length, as `length * 2 + buffer`; -1 for none yet.
  static let published = Atomic<Int>(-1)
  /// Whether `prepared` is set: the recorder's writer thread may publish from the start.
  static let isPrepared = Atomic<Bool>(false)

  /// What a handler needs, made before it is installed: plain pointers and counts, so writing
  /// the report touches no Swift array or string (no allocation, no reference counting).
  private struct Prepared {
    /// Two buffers of `capacity` bytes, one after the other.
    var buffers: UnsafeMutablePointer<UInt8>
    /// The report's folders, outermost first, made if missing (`mkdir` of each).
    var folders: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
    var folderCount: Int
    var temporary: UnsafeMutablePointer<CChar>
    var final: UnsafeMutablePointer<CChar>
    var message: UnsafeMutablePointer<UInt8>
    var messageCount: Int
    /// `/dev/null`, opened at start and closed to write the report: a crash for want of
    /// descriptors (libdispatch traps when it cannot make one) still finds one free.
    var spareDescriptor: Int32
  }

  // NOTE: `nonisolated(unsafe)` is safe: set once by `install`, before any handler that reads it
  // exists and before `isPrepared` lets the sink read it. The buffers' bytes are written by the
  // sink (one line at a time) only into the buffer that is not published or past the published
  // length, and read by a handler only from the published buffer, up to that length.
  nonisolated(unsafe) private static var prepared: Prepared?
  nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
  }()

  nonisolated(unsafe) private static var isInstalled = false

  /// Makes the buffers and installs the handlers, once per process; the report goes to `url`,
  /// and with no `url` a crash only ends the process as it would have.
  public static func install(reportURL url: URL?, program: String) {
    guard !isInstalled else { return }
    isInstalled = true
    if let url { prepare(url, program: program) }
    // NOTE: touched here, so no handler is the first to touch them (their lazy initialisation).
    _ = (previous, published.load(ordering: .relaxed))
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { signal, info, _ in
        if let info, info.pointee.si_code <= 0, info.pointee._sifields._kill.si_pid != getpid() {
          let saved = errno
          defer { errno = saved }
          if ProcessSignals.deliver(signal) { return }
        }
        CrashReport.write()
        _ = sigaction(signal, CrashReport.previous + Int(signal), nil)
        _ = raise(signal)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO
      _ = sigaction(signal, &action, previous + Int(signal))
    }
  }

  private static func prepare(_ url: URL, program: String) {
    var folderPaths: [String] = []
    var folder = url.deletingLastPathComponent()
    while folder.path != "/" {
      folderPaths.insert(folder.path, at: 0)
      folder = folder.deletingLastPathComponent()
    }
    let folders = UnsafeMutablePointer<UnsafeMutablePointer<CChar>>.allocate(
      capacity: folderPaths.count)
    for (index, path) in folderPaths.enumerated() {
      (folders + index).initialize(to: path.withPathCString { strdup($0) })
    }
    let text = Array(
      ("\(program): crashed; the last actions are in \(url.path);"
        + " replay them with '\(program) --replay \(url.path)'\n").terminalSafe.utf8)
    let message = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count)
    message.initialize(from: text, count: text.count)
    prepared = Prepared(
      buffers: .allocate(capacity: 2 * capacity), folders: folders,
      folderCount: folderPaths.count,
      temporary: (url.path + ".crash-tmp").withPathCString { strdup($0) },
      final: url.path.withPathCString { strdup($0) }, message: message, messageCount: text.count,
      spareDescriptor: open("/dev/null", O_RDONLY | O_CLOEXEC))
    isPrepared.store(true, ordering: .releasing)
  }

  /// Publishes `bytes` (the ring's JSON Lines) as the report a crash would write.
  ///
  /// - Returns: Whether it was published: there is a report to write, and `bytes` fit in it.
  @discardableResult static func publish(_ bytes: Data) -> Bool {
    guard isPrepared.load(ordering: .acquiring), let prepared, !bytes.isEmpty,
      bytes.count <= capacity
    else { return false }
    let current = published.load(ordering: .acquiring)
    let next = current < 0 ? 0 : 1 - current % 2
    bytes.copyBytes(to: prepared.buffers + next * capacity, count: bytes.count)
    published.store(bytes.count * 2 + next, ordering: .releasing)
    return true
  }

  /// Appends `line` and a newline to the published report, in place.
  ///
  /// NOTE: safe while a handler may read the report: it reads only up to the published length,
  /// and the bytes past it are written before the longer length is published.
  ///
  /// - Returns: Whether it was appended: a report is published and the line fits after it.
  static func append(_ line: Data) -> Bool {
    guard isPrepared.load(ordering: .acquiring), let prepared else { return false }
    let current = published.load(ordering: .acquiring)
    guard current >= 0, current / 2 + line.count + 1 <= capacity else { return false }
    let end = prepared.buffers + (current % 2) * capacity + current / 2
    line.copyBytes(to: end, count: line.count)
    end[line.count] = UInt8(ascii: "\n")
    published.store((current / 2 + line.count + 1) * 2 + current % 2, ordering: .releasing)
    return true
  }

  /// Writes the published report beside its place, then renames it there; in a signal handler.
  private static func write() {
    let current = published.load(ordering: .acquiring)
    guard current >= 0, let prepared else { return }
    if prepared.spareDescriptor >= 0 { _ = close(prepared.spareDescriptor) }
    for index in 0..<prepared.folderCount { _ = mkdir(prepared.folders[index], 0o700) }
    let descriptor = open(prepared.temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let report = prepared.buffers + (current % 2) * capacity
    let written = writeAll(descriptor, report, current / 2)
    _ = close(descriptor)
    guard written, rename(prepared.temporary, prepared.final) == 0 else { return }
    _ = writeAll(2, prepared.message, prepared.messageCount)
  }

  private static func writeAll(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int)
    -> Bool
  {
    var offset = 0
    while offset < count {
      let result = Glibc.write(descriptor, bytes + offset, count - offset)
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { return false }
      offset += result
    }
    return true
  }
}
