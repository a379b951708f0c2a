import ActomatonRecording
import Foundation
import Synchronization
import Testing

@testable import ShellProcess

/// The crash report's sink, publishing into a report of the test's of 1,000 bytes.
@Suite struct CrashReportSinkTests {
  @Test func aStaleReportStartsAgainOnceTheHugeLinesLeaveTheRing() {
    let published = Mutex<Data?>(nil)
    let report = CrashReportSink.Report(
      isReady: { true },
      append: { line in
        published.withLock { data in
          guard let old = data, old.count + line.count + 1 <= 1_000 else { return false }
          data = old + line + Data("\n".utf8)
          return true
        }
      },
      publish: { whole in
        guard whole.count <= 1_000 else { return false }
        published.withLock { $0 = whole }
        return true
      }, capacity: 1_000)
    let ring = RingSink(capacity: 5)
    let sink = CrashReportSink(ring: ring, report: report)
    func write(_ kind: EncodedLine.Kind, _ text: String) {
      let line = EncodedLine(kind: kind, data: Data(text.utf8))
      ring.write(line)
      sink.write(line)
    }
    write(.header, "h")
    write(.entry(0), "e0")
    #expect(published.withLock { $0 } == Data("h\ne0\n".utf8))
    write(.entry(1), String(repeating: "x", count: 1_200))
    write(.checkpoint(1), "c1")
    #expect(!sink.isReachable, "a line larger than the report")
    for index in 2...5 { write(.entry(index), "e\(index)") }
    #expect(!sink.isReachable, "the huge line is still in the ring")
    // NOTE: entry 6 pushes the huge line out of the ring, long before a quarter of the report
    // (250 bytes) of small lines has come.
    write(.entry(6), "e6")
    write(.entry(7), "e7")
    #expect(sink.isReachable)
    #expect(published.withLock { $0 } == Data("h\nc1\ne2\ne3\ne4\ne5\ne6\ne7\n".utf8))
    // NOTE: past a line left out, the report cannot append (it would replay without it): it
    // stays as it was until a checkpoint after it starts a report again.
    ring.skipped(.entry(8))
    sink.skipped(.entry(8))
    write(.entry(9), "e9")
    #expect(published.withLock { $0 } == Data("h\nc1\ne2\ne3\ne4\ne5\ne6\ne7\n".utf8))
    write(.checkpoint(9), "c9")
    write(.entry(10), "e10")
    #expect(published.withLock { $0 } == Data("h\nc9\ne10\n".utf8))
  }
}
