import ActomatonRecording
import ActomatonTesting
import Dispatch
import Foundation
import Locking
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The writer: encoding and writing on a low-priority thread of its own, and a file written in
/// batches.
@Suite(.hangGuard)
struct WriterTests {
  /// Tells, for each line, the nice value of the thread that wrote it.
  final class PrioritySink: RecordingSink {
    let priorities = Locked<[Int32]>([])
    let wrote = DispatchSemaphore(value: 0)

    func write(_ line: EncodedLine) {
      #if canImport(Glibc)
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
      #else
        let nice: Int32 = 19
      #endif
      priorities.withLock { $0.append(nice) }
      wrote.signal()
    }

    func close() {}
  }

  @Test func theWriterEncodesAtTheLowestPriorityOffTheSendersThread() async throws {
    let sink = PrioritySink()
    let recorder = Recorder<Tally.Action, Tally.State>(initialState: Tally.State(), sinks: [sink])
    // NOTE: the header, written by the writer's thread as soon as it starts: no flush, which
    // would write on this thread.
    sink.wrote.wait()
    #expect(sink.priorities.withLock { $0 } == [19])
    recorder.close()
  }

  /// An action whose encoding, on the writer's thread (nice 19) only, waits until the test lets
  /// it go.
  struct HeldAction: Codable, Sendable {
    static let entered = DispatchSemaphore(value: 0)
    static let gate = DispatchSemaphore(value: 0)

    init() {}
    init(from decoder: any Decoder) throws {}

    func encode(to encoder: any Encoder) throws {
      if getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == 19 {
        Self.entered.signal()
        Self.gate.wait()
      }
      var container = encoder.singleValueContainer()
      try container.encode("held")
    }
  }

  struct Nothing: Codable, Sendable {}

  @Test func aFlushDoesNotWaitForTheWritersEncoding() async throws {
    let sink = PrioritySink()
    let recorder = Recorder<HeldAction, Nothing>(initialState: Nothing(), sinks: [sink])
    sink.wrote.wait()  // the header
    recorder.observer.actionReduced?(HeldAction(), .send, Nothing(), Nothing())
    HeldAction.entered.wait()  // the writer's thread is encoding the entry, and stays there
    // NOTE: on a thread of its own, so that a flush that waited for the writer fails the test
    // after the limit instead of hanging it; the limit only bounds that failure.
    let flushed = DispatchSemaphore(value: 0)
    Thread {
      recorder.flush()
      flushed.signal()
    }.start()
    let returned = flushed.wait(timeout: .hangStop) == .success
    #expect(returned, "the flush waited for the writer's thread")
    #expect(
      sink.priorities.withLock { $0 } == [19, 0], "the header by the writer, the entry by the flush"
    )
    HeldAction.gate.signal()
    if !returned { flushed.wait() }
    recorder.close()
    let lines = sink.priorities.withLock { $0.count }
    #expect(lines == 4, "header, entry (once), checkpoint, trailer")
  }

  @Test func aRecorderReleasedWithoutClosingWritesWhatItHeld() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("released-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    weak var released: Recorder<Tally.Action, Tally.State>?
    do {
      let recorder = Recorder<Tally.Action, Tally.State>(
        initialState: Tally.State(), sinks: [JSONLinesFileSink(url: url)])
      released = recorder
      await SinkTests.send(3, to: recorder)
    }
    // NOTE: the writer's thread may hold the recorder while it writes; it lets go then.
    while released != nil { await Task.yield() }
    let recording = try Recording<Tally.Action, Tally.State>(jsonLines: Data(contentsOf: url))
    #expect(recording.entries.count == 3)
  }

  @Test func aFileSinkWritesThroughASymbolicLinkAndEmptiesWhatWasThere() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("link-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("target.jsonl")
    let link = folder.appendingPathComponent("link.jsonl")
    try Data("an older recording, longer than the new one\n".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let sink = JSONLinesFileSink(url: link)
    sink.write(EncodedLine(kind: .note, data: Data("{}".utf8)))
    sink.close()
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path,
      "the link is still a link")
    #expect(try Data(contentsOf: target) == Data("{}\n".utf8))
  }

  @Test func aFileSinkWritesItsBatchWhenFlushedOrPast64KiB() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("batch-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let sink = JSONLinesFileSink(url: url)
    func onDisk() throws -> Int { try Data(contentsOf: url).count }
    sink.write(EncodedLine(kind: .note, data: Data("{}".utf8)))
    #expect(try onDisk() == 0, "one line waits for the batch")
    sink.flush()
    #expect(try onDisk() == 3)
    let big = Data(repeating: UInt8(ascii: "x"), count: 40_000)
    sink.write(EncodedLine(kind: .note, data: big))
    #expect(try onDisk() == 3)
    sink.write(EncodedLine(kind: .note, data: big))
    #expect(try onDisk() == 3 + 2 * 40_001, "past 64 KiB, the batch is written")
    sink.write(EncodedLine(kind: .note, data: Data("{}".utf8)))
    sink.close()
    #expect(try onDisk() == 3 + 2 * 40_001 + 3, "closing writes the rest")
  }
}
