import ActomatonRecording
import Foundation
import Locking

/// Publishes the recording as the crash report while it is written: each line is appended to the
/// published report, so a command line costs its own lines, not the whole ring's.
///
/// When a line does not fit, the report starts again from the ring's last actions; when even
/// those do not fit (a huge list's states), the last report that fitted stays published.
public final class CrashReportSink: RecordingSink {
  /// Where the report is published: the crash handler's buffers (``CrashReport``), or a test's.
  struct Report: Sendable {
    /// Whether there is a report to publish.
    var isReady: @Sendable () -> Bool
    /// Appends a line to the published report; `false` when it does not fit.
    var append: @Sendable (Data) -> Bool
    /// Publishes a whole report in place of the last; `false` when it does not fit.
    var publish: @Sendable (Data) -> Bool
    /// The most bytes a report holds.
    var capacity: Int

    static let crashHandler = Report(
      isReady: { CrashReport.isPrepared.load(ordering: .acquiring) }, append: CrashReport.append,
      publish: { CrashReport.publish($0) }, capacity: CrashReport.capacity)
  }

  private struct Progress {
    /// Whether the published report ends with the last line written: the next one appends.
    var isAppending = false
    /// The bytes of lines written since the last try to start again; `nil` for a try due now.
    var bytesSinceTry: Int?
    /// Whether the last try found that not even the ring's last actions fit.
    var isStale = false
  }

  private let ring: RingSink
  private let report: Report
  // NOTE: the writer's thread writes, the loop reads `isReachable`: a lock the thread sanitizer
  // sees, which `Mutex` is not.
  private let progress = Locked(Progress())

  /// A sink that starts the report again from `ring`, which must come before it in the
  /// recorder's sinks (so it holds each line this sink is given).
  public convenience init(ring: RingSink) { self.init(ring: ring, report: .crashHandler) }

  init(ring: RingSink, report: Report) {
    self.ring = ring
    self.report = report
  }

  public func write(_ line: EncodedLine) {
    guard line.data.count <= lineLimit else { return skipped(line.kind) }
    guard report.isReady() else { return }
    progress.withLock { progress in
      if progress.isAppending, report.append(line.data) { return }
      // NOTE: the report cannot skip a line (it would not replay): it starts again, or stays
      // as it was, the last line's report, until a try succeeds.
      if progress.isAppending { progress.bytesSinceTry = nil }
      progress.isAppending = false
      // NOTE: each try reads the whole ring, so tries are a quarter of the report's bytes of
      // lines apart; but a ring under half the report fits in it whole (its newlines aside):
      // once a huge list's lines have left the ring, the report starts again at once.
      if let bytes = progress.bytesSinceTry {
        progress.bytesSinceTry = bytes + line.data.count + 1
        guard
          bytes + line.data.count + 1 >= report.capacity / 4
            || ring.byteCount < report.capacity / 2
        else { return }
      }
      progress.bytesSinceTry = 0
      let lines = ring.jsonLines(limit: report.capacity)
      progress.isAppending = lines.map { report.publish($0.lines) } ?? false
      progress.isStale = lines == nil
    }
  }

  /// The ring's: a line it leaves out cannot be in a report started from it.
  public var lineLimit: Int { ring.lineLimit }

  /// An entry or input was left out: the report cannot append past it, and starts again at the
  /// next line (a checkpoint left out is only missing from the report).
  public func skipped(_ kind: EncodedLine.Kind) {
    switch kind {
    case .entry, .input:
      progress.withLock { progress in
        progress.isAppending = false
        progress.bytesSinceTry = nil
      }
    case .header, .checkpoint, .note, .trailer: return
    }
  }

  /// Whether the lines still to come can reach the report: `false` while it is stale, because
  /// the ring's last actions (a huge list's states) do not fit in it.
  public var isReachable: Bool { progress.withLock { !$0.isStale } }

  public func close() {}
}
