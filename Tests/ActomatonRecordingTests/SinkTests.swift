import ActomatonRecording
import ActomatonTesting
import Foundation
import Locking
import TestTraits
import Testing

/// Where lines go: a ring of the last N, a file, and a writer that falls behind.
@Suite(.hangGuard)
struct SinkTests {
  typealias TallyRecording = Recording<Tally.Action, Tally.State>

  static func send(_ count: Int, to recorder: Recorder<Tally.Action, Tally.State>) async {
    let store = Actomaton(
      state: Tally.State(), reducer: Tally.reducer, observer: recorder.observer)
    for amount in 1...count { await store.send(.add(amount)) }
  }

  @Test(arguments: [1, 3, 10])
  func theRingKeepsExactlyTheLastNEntries(capacity: Int) async throws {
    let ring = RingSink(capacity: capacity)
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: 4, sinks: [ring])
    await Self.send(25, to: recorder)
    recorder.flush()
    #expect(ring.entryIndices == Array((25 - capacity)..<25))
  }

  @Test func theRingsTailReplaysFromTheCheckpointBeforeIt() async throws {
    let ring = RingSink(capacity: 10)
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: 4, sinks: [ring])
    await Self.send(25, to: recorder)
    recorder.close()
    let tail = try TallyRecording(jsonLines: ring.jsonLines())
    // NOTE: the entries kept are 15…24 and the checkpoints follow entries 3, 7, 11, 15, …: the
    // successors of 11 (12…14) are gone, so the tail starts from the checkpoint after 15.
    #expect(tail.startIndex == 16)
    #expect(tail.damage == nil)
    let outcome = tail.replay(through: Tally.reducer, environment: ())
    #expect(outcome.isFaithful)
    #expect(outcome.state.count == (1...25).reduce(0, +))
  }

  /// A long session's tail: the ring kept its checkpoints apart, so its replay starts near the
  /// oldest entry kept (it kept the first and the newest two, and a tail of 1,000 entries of a
  /// session of 3,000 replayed 102 of them).
  @Test func aLongSessionsTailReplaysMostOfTheEntriesKept() async throws {
    let ring = RingSink(capacity: 100)
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: 5, sinks: [ring])
    await Self.send(1_000, to: recorder)
    recorder.close()
    let tail = try TallyRecording(jsonLines: ring.jsonLines())
    let replayed = 1_000 - tail.startIndex
    #expect(replayed >= 100 - 100 / 4 - 5 && replayed <= 100, "\(replayed) replayed")
    #expect(ring.replayableEntryCount == replayed)
    #expect(tail.replay(through: Tally.reducer, environment: ()).isFaithful)
  }

  @Test func aRecordingStartsWithTheFirstStateAndEndsWithATrailer() async throws {
    let sink = LinesSink()
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(count: 3), checkpointEvery: 100, sinks: [sink])
    await Self.send(2, to: recorder)
    recorder.close()
    let kinds = sink.lines.withLock { $0.map(\.kind) }
    #expect(kinds == [.header, .entry(0), .entry(1), .checkpoint(1), .trailer])
    #expect(line(5, of: sink.jsonLines) == #"{"entries":2,"kind":"trailer","lost":0}"#)
    #expect(try TallyRecording(jsonLines: sink.jsonLines).initialState.count == 3)
  }

  /// A recorder whose writer is blocked inside its sink on entry 0 (`.add(1)`, sent), and the
  /// actomaton it records: every send after this returns although nothing more is written.
  static func stuckAfterTheFirstEntry(checkpointEvery: Int, bufferLimit: Int) async throws
    -> (Recorder<Tally.Action, Tally.State>, Actomaton<Tally.Action, Tally.State>, StuckSink)
  {
    let stuck = StuckSink()
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: checkpointEvery, bufferLimit: bufferLimit,
      sinks: [stuck])
    let store = Actomaton(
      state: Tally.State(), reducer: Tally.reducer, observer: recorder.observer)
    await store.send(.add(1))
    let reached = await withCheckedContinuation { done in
      DispatchQueue.global().async {
        // NOTE: a bound only so that a broken recorder fails the test instead of hanging it.
        done.resume(returning: stuck.reached.wait(timeout: .hangStop) == .success)
      }
    }
    try #require(reached)
    return (recorder, store, stuck)
  }

  @Test func sendNeverWaitsForTheWriterAndAWriterBehindReportsItsLosses() async throws {
    // NOTE: past 5 waiting lines, entries are lost.
    let (recorder, store, stuck) = try await Self.stuckAfterTheFirstEntry(
      checkpointEvery: 1_000, bufferLimit: 5)
    for amount in 2...20 { await store.send(.add(amount)) }
    #expect(await store.state.count == (1...20).reduce(0, +))
    #expect(recorder.lost == 14)
    stuck.open()
    recorder.close()
    let recording = try TallyRecording(jsonLines: stuck.inner.jsonLines)
    #expect(recording.lost == 14)
    #expect(recording.entries.count == 6)
  }

  /// Lines wait in chunks of 64 KiB: thousands of them, behind a stuck writer, come out whole
  /// and in order across the chunks' edges, and the limit counts the lines of every chunk.
  @Test func aLongBacklogSpansChunksInOrderAndItsLimitCountsThemAll() async throws {
    let (recorder, store, stuck) = try await Self.stuckAfterTheFirstEntry(
      checkpointEvery: 100_000, bufferLimit: 4_000)
    for amount in 2...5_001 { await store.send(.add(amount)) }
    #expect(recorder.lost == 1_000)
    stuck.open()
    recorder.close()
    let recording = try TallyRecording(jsonLines: stuck.inner.jsonLines)
    #expect(recording.lost == 1_000)
    #expect(recording.entries.map(\.index) == Array(0...4_000))
    #expect(recording.entries.map(\.action) == (1...4_001).map { .add($0) })
  }

  @Test func aFileThatCannotBeWrittenIsSaidOnceAndTheSessionGoesOn() async throws {
    let said = Locked<[String]>([])
    let sink = JSONLinesFileSink(
      url: URL(fileURLWithPath: "/nonexistent-folder/recording.jsonl"),
      problems: { message in said.withLock { $0.append(message) } })
    let recorder = Recorder<Tally.Action, Tally.State>(initialState: Tally.State(), sinks: [sink])
    await Self.send(3, to: recorder)
    recorder.close()
    #expect(
      said.withLock { $0 } == [
        "recording: cannot write /nonexistent-folder/recording.jsonl: No such file or directory; "
          + "the session goes on unrecorded\n"
      ])
  }

  /// A second recorder given a file another is writing says so and leaves it whole (the two
  /// were interleaved into one damaged file).
  @Test func aFileAnotherRecorderWritesIsLeftToIt() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("shared-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let said = Locked<[String]>([])
    let first = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), sinks: [JSONLinesFileSink(url: url)])
    await Self.send(3, to: first)
    first.flush()
    let second = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(),
      sinks: [
        JSONLinesFileSink(url: url, problems: { message in said.withLock { $0.append(message) } })
      ])
    await Self.send(2, to: second)
    second.close()
    first.close()
    #expect(
      said.withLock { $0 } == [
        "recording: cannot write \(url.path): another recorder is writing into it; the session goes on unrecorded\n"
      ])
    let recording = try TallyRecording(jsonLines: Data(contentsOf: url))
    #expect(recording.damage == nil)
    #expect(recording.entries.count == 3)
  }

  @Test func aFileSinkWritesARecordingThatReadsBack() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: 2, sinks: [JSONLinesFileSink(url: url)])
    await Self.send(5, to: recorder)
    recorder.close()
    let recording = try TallyRecording(jsonLines: try Data(contentsOf: url))
    #expect(recording.entries.count == 5)
    #expect(recording.replay(through: Tally.reducer, environment: ()).isFaithful)
  }

  @Test func notesWithoutEntriesAreKeptToTheRingsCapacity() {
    let ring = RingSink(capacity: 3)
    ring.write(EncodedLine(kind: .header, data: Data("{}".utf8)))
    for _ in 1...50 { ring.write(EncodedLine(kind: .note, data: Data("{}".utf8))) }
    ring.write(EncodedLine(kind: .entry(0), data: Data("{}".utf8)))
    // NOTE: the header, the three newest notes (all before entry 0) and the entry.
    #expect(ring.jsonLines().split(separator: UInt8(ascii: "\n")).count == 1 + 3 + 1)
  }

  @Test func notesAfterTheLastEntryAreKeptAndCountedInItsSize() {
    let ring = RingSink(capacity: 3)
    ring.write(EncodedLine(kind: .header, data: Data("h".utf8)))
    ring.write(EncodedLine(kind: .note, data: Data("n0".utf8)))
    ring.write(EncodedLine(kind: .entry(0), data: Data("e0".utf8)))
    ring.write(EncodedLine(kind: .note, data: Data("n1".utf8)))
    // NOTE: a line typed after the last action (the one a crash report most needs) is kept.
    #expect(ring.jsonLines() == Data("h\nn0\ne0\nn1\n".utf8))
    #expect(ring.byteCount == 7)
  }

  /// Past its byte limit the ring forgets its oldest entries and the checkpoints and notes only
  /// they needed (a huge list's states), and what it keeps still replays.
  @Test func theRingKeepsItsLinesUnderItsByteLimit() async throws {
    let ring = RingSink(capacity: 1_000, byteLimit: 2_000)
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: 10, sinks: [ring])
    await Self.send(500, to: recorder)
    recorder.close()
    #expect(ring.byteCount <= 2_000 && ring.jsonLines().count <= 2_000 + 100)
    #expect(ring.entryIndices.last == 499 && ring.entryIndices.count < 100)
    let tail = try TallyRecording(jsonLines: ring.jsonLines())
    #expect(
      tail.replay(through: Tally.reducer, environment: ()).state.count == (1...500).reduce(0, +))
  }

  /// A line longer than every sink keeps is not encoded, nor counted as lost, and the sinks are
  /// told; the ring forgets what came before it and replays from the next checkpoint. A sink
  /// with no limit still gets every line (and the ring leaves out the long one).
  @Test(arguments: [false, true])
  func aLineTooLongIsLeftOutAndTheRingReplaysFromTheNextCheckpoint(withAll: Bool) async throws {
    let (ring, other) = (RingSink(capacity: 100, lineLimit: 300), LinesSink(lineLimit: 300))
    let all = withAll ? LinesSink() : other
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: 5, sinks: [ring, all])
    let store = Actomaton(state: Tally.State(), reducer: Tally.reducer, observer: recorder.observer)
    await store.send(.add(1))
    await store.restore(Tally.State(count: 2, fetched: Array(0..<200)))
    await store.restore(Tally.State(count: 10))
    recorder.flush()
    #expect(ring.entryIndices == [2] && ring.jsonLines(limit: .max) == nil)
    await store.send(.add(5))
    await store.send(.add(6))
    recorder.close()
    let tail = try TallyRecording(jsonLines: ring.jsonLines())
    #expect(tail.replay(through: Tally.reducer, environment: ()).state.count == 21)
    #expect(recorder.lost == 0)
    #expect(all.lines.withLock { $0.count { $0.kind == .entry(1) } } == (withAll ? 1 : 0))
    #expect(all.skipped.withLock { $0 } == (withAll ? [] : [.entry(1)]))
  }

  /// Past its first entries, a ring that kept no checkpoint (each too long) has no replay.
  @Test func aRingWithoutACheckpointPastItsFirstEntryHasNoReplay() {
    let ring = RingSink(capacity: 2, lineLimit: 10)
    ring.write(EncodedLine(kind: .header, data: Data("h".utf8)))
    for index in 0...2 {
      ring.write(EncodedLine(kind: .entry(index), data: Data("e\(index)".utf8)))
      ring.write(EncodedLine(kind: .checkpoint(index), data: Data(repeating: 0x78, count: 11)))
    }
    #expect(ring.entryIndices == [1, 2] && ring.jsonLines(limit: .max) == nil)
    #expect(ring.jsonLines().isEmpty && ring.replayableEntryCount == 0)
    #expect(!ring.endsWithCheckpoint)
  }

  /// Under a limit the lines start at the earliest checkpoint whose lines fit; none when not
  /// even the newest does (a report of large states passed what a replay reads).
  @Test func linesUnderALimitStartAtTheEarliestCheckpointThatFits() {
    let ring = RingSink(capacity: 100)
    ring.write(EncodedLine(kind: .header, data: Data("h".utf8)))
    ring.write(EncodedLine(kind: .entry(0), data: Data("e0".utf8)))
    ring.write(EncodedLine(kind: .entry(1), data: Data(String(repeating: "x", count: 50).utf8)))
    ring.write(EncodedLine(kind: .checkpoint(1), data: Data("c1".utf8)))
    ring.write(EncodedLine(kind: .entry(2), data: Data("e2".utf8)))
    ring.write(EncodedLine(kind: .checkpoint(2), data: Data("c2".utf8)))
    let whole = ring.jsonLines()
    #expect(ring.jsonLines(limit: whole.count).map { $0.lines } == whole)
    #expect(ring.jsonLines(limit: whole.count)?.entries == 3)
    let cut = ring.jsonLines(limit: 20)
    #expect(cut.map { String(decoding: $0.lines, as: UTF8.self) } == "h\nc1\ne2\nc2\n")
    #expect(cut?.entries == 1)
    #expect(ring.jsonLines(limit: 5).map { $0.lines } == Data("h\nc2\n".utf8))
    #expect(ring.jsonLines(limit: 4) == nil)
  }
}
