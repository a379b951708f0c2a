import ActomatonRecording
import ActomatonTesting
import Foundation
import TestTraits
import Testing

/// A session recorded, read back and replayed to the same states.
@Suite(.hangGuard)
struct RecordReplayTests {
  /// Records a session of `Tally` with every origin, checkpoints every `every` entries.
  static func record(every: Int = 2) async throws -> (LinesSink, Tally.State) {
    let clock = TestClock()
    let sink = LinesSink()
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: every, clock: clock, sinks: [sink])
    let store = Actomaton(
      state: Tally.State(), reducer: Tally.reducer, clock: clock, observer: recorder.observer)
    recorder.note("add 5")
    await store.send(.add(5))
    await clock.advance(by: .seconds(2))
    await store.send(.twice)
    recorder.note("fetch")
    try await store.send(.fetch(7))?.value
    await store.send(.increment)
    recorder.close()
    return (sink, await store.state)
  }

  @Test func aRecordedSessionReplaysToTheSameStatesAtEveryCheckpoint() async throws {
    let (sink, final) = try await Self.record()
    #expect(sink.closed.withLock { $0 })
    let recording = try Recording<Tally.Action, Tally.State>(jsonLines: sink.jsonLines)
    #expect(
      recording.entries.map(\.action) == [
        .add(5), .twice, .increment, .fetch(7), .fetched(7), .increment,
      ])
    #expect(
      recording.entries.map(\.origin) == [.send, .send, .nextAction, .send, .feedback, .send])
    #expect(
      recording.entries.map(\.time) == [
        .zero, .seconds(2), .seconds(2), .seconds(2), .seconds(2), .seconds(2),
      ])
    #expect(recording.notes.map(\.text) == ["add 5", "fetch"])
    #expect(recording.notes.map(\.before) == [0, 3])
    #expect(recording.lost == 0)
    #expect(recording.damage == nil)

    let outcome = recording.replay(through: Tally.reducer, environment: ())
    #expect(outcome.isFaithful)
    #expect(outcome.replayed == 6)
    // NOTE: checkpoints after entries 1, 3 and 5 (every 2); the last one is also the final state.
    #expect(outcome.checkpointsPassed == 3)
    #expect(outcome.state == final)
    #expect(final == Tally.State(count: 8, fetched: [7]))
  }

  @Test func aChangedReducerIsReportedAtTheFirstCheckpointItMisses() async throws {
    let (sink, _) = try await Self.record()
    let recording = try Recording<Tally.Action, Tally.State>(jsonLines: sink.jsonLines)
    let outcome = recording.replay(through: Tally.changed, environment: ())
    let divergence = try #require(outcome.divergence)
    #expect(divergence.index == 1)
    #expect(divergence.entry == "twice")
    #expect(divergence.origin == .send)
    #expect(divergence.difference == ["  .count: 6 → 5"])
    #expect(outcome.replayed == 2)
  }

  @Test func aTamperedEntryIsReportedAtItsIndexWithTheStateDifference() async throws {
    let (sink, _) = try await Self.record(every: 1)
    // Line 1 is the header, 2 the first checkpoint-less note, 3 the first entry (add 5).
    let data = sink.jsonLines
    #expect(line(3, of: data).contains(#""add":{"_0":5}"#))
    let tampered = replacing(
      line: 3, in: data,
      with: line(3, of: data).replacingOccurrences(of: #""_0":5"#, with: #""_0":9"#))
    let recording = try Recording<Tally.Action, Tally.State>(jsonLines: tampered)
    let outcome = recording.replay(through: Tally.reducer, environment: ())
    let divergence = try #require(outcome.divergence)
    #expect(divergence.index == 0)
    #expect(divergence.entry == "add(9)")
    #expect(divergence.difference == ["  .count: 5 → 9"])
    #expect(divergence.description.hasPrefix("after entry 0, add(9) (send), the state differs"))
  }

  @Test func stateAfterAnyEntryComesFromTheNearestCheckpoint() async throws {
    let (sink, _) = try await Self.record(every: 4)
    let recording = try Recording<Tally.Action, Tally.State>(jsonLines: sink.jsonLines)
    var states: [Tally.State] = []
    _ = recording.replay(through: Tally.reducer, environment: ()) { _, state in states.append(state)
    }
    for index in 0..<6 {
      #expect(
        recording.state(after: index, through: Tally.reducer, environment: ()) == states[index])
    }
    #expect(recording.state(after: -1, through: Tally.reducer, environment: ()) == Tally.State())
    #expect(recording.state(after: 6, through: Tally.reducer, environment: ()) == nil)
  }

  /// The live clock is read on a path of its own: its times start near zero, never go back, and
  /// stay within the time the session took.
  @Test func theLiveClockTimesEntriesFromTheRecordingsStart() async throws {
    let sink = LinesSink()
    let started = ContinuousClock.now
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), sinks: [sink])
    let store = Actomaton(
      state: Tally.State(), reducer: Tally.reducer, observer: recorder.observer)
    for _ in 0..<50 { await store.send(.increment) }
    recorder.close()
    let took = started.duration(to: .now)
    let times = try Recording<Tally.Action, Tally.State>(jsonLines: sink.jsonLines)
      .entries.map(\.time)
    #expect(times.count == 50)
    #expect(times.allSatisfy { $0 >= .zero && $0 <= took })
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
  }
}
