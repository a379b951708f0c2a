import ActomatonRecording
import ActomatonTesting
import Foundation
import Testing

/// The recorder's chunks change hands between the actomaton (which fills them), the writer's
/// thread (which takes, writes and empties them) and callers of `flush()` and `note(_:)` on
/// other threads, all at once: every line comes out once, in order, none lost.
@Suite struct ConcurrentRecordingTests {
  @Test func linesAddedWhileOthersFlushAndNoteComeOutOnceInOrder() async throws {
    let sink = LinesSink()
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: 997, bufferLimit: 1_000_000, sinks: [sink])
    let store = Actomaton(
      state: Tally.State(), reducer: Tally.reducer, observer: recorder.observer)
    let sends = 12_000
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for amount in 1...sends { await store.send(.add(amount)) }
      }
      group.addTask {
        for _ in 0..<200 {
          recorder.flush()
          await Task.yield()
        }
      }
      group.addTask {
        for note in 0..<300 {
          recorder.note("note \(note)")
          await Task.yield()
        }
      }
    }
    recorder.close()
    let recording = try Recording<Tally.Action, Tally.State>(jsonLines: sink.jsonLines)
    #expect(recording.lost == 0)
    #expect(recording.entries.map(\.index) == Array(0..<sends))
    #expect(recording.entries.map(\.action) == (1...sends).map { .add($0) })
    #expect(recording.notes.map(\.text) == (0..<300).map { "note \($0)" })
    #expect(recording.checkpoints.count == sends / 997 + 1)
  }
}
