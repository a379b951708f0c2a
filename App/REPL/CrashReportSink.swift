import ActomatonRecording
import Foundation
import Synchronization

/// Publishes the recording as the crash report while it is written: each line is appended to the
/// published report, so a command line costs its own lines, not the whole ring's.
///
/// When a line does not fit, the report starts again from the ring's last actions; when even
/// those do not fit (a huge list's states), the last report that fitted stays published.
final class CrashReportSink: RecordingSink {
  /// How many bytes of lines pass between two tries to start the report again from the ring.
  // NOTE: each try reads the whole ring; a quarter of the report keeps that a small share of
  // what the lines themselves cost.
  static let retryBytes = CrashReport.capacity / 4

  private struct Progress {
    /// Whether the published report ends with the last line written: the next one appends.
    var isAppending = false
    /// The bytes of lines written since the last try to start again; a try is due at first.
    var bytesSinceTry = CrashReportSink.retryBytes
    /// Whether the last try found that not even the ring's last actions fit.
    var isStale = false
  }

  private let ring: RingSink
  // NOTE: a `Mutex` only to be `Sendable`: a sink is called by one thread at a time.
  private let progress = Mutex(Progress())

  /// A sink that starts the report again from `ring`, which must come before it in the
  /// recorder's sinks (so it holds each line this sink is given).
  init(ring: RingSink) { self.ring = ring }

  func write(_ line: EncodedLine) {
    guard CrashReport.isPrepared.load(ordering: .acquiring) else { return }
    progress.withLock { progress in
      if progress.isAppending, CrashReport.append(line.data) { return }
      // NOTE: the report cannot skip a line (it would not replay): it starts again, or stays
      // as it was, the last line's report, until a try succeeds.
      if progress.isAppending { progress.bytesSinceTry = Self.retryBytes }
      progress.isAppending = false
      progress.bytesSinceTry += line.data.count + 1
      guard progress.bytesSinceTry >= Self.retryBytes else { return }
      progress.bytesSinceTry = 0
      let report = ring.jsonLines(limit: CrashReport.capacity)
      progress.isAppending = report.map { CrashReport.publish($0.lines) } ?? false
      progress.isStale = report == nil
    }
  }

  /// Whether the lines still to come can reach the report: `false` while it is stale, because
  /// the ring's last actions (a huge list's states) do not fit in it.
  var isReachable: Bool { progress.withLock { !$0.isStale } }

  func close() {}
}
