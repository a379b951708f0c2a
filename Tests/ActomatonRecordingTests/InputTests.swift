import ActomatonRecording
import ActomatonTesting
import Foundation
import TestTraits
import Testing

/// A reducer that asks its environment for an id: the ids are recorded and handed back.
@Suite(.hangGuard)
struct InputTests {
  struct State: Codable, Equatable, Sendable { var ids: [UUID] = [] }
  enum Action: Codable, Equatable, Sendable { case add }

  static let reducer = Reducer<Action, State, @Sendable () -> UUID> { _, state, makeID in
    state.ids.append(makeID())
    return .empty
  }

  @Test func idsTheReducerAskedForAreRecordedAndReplayed() async throws {
    let sink = LinesSink()
    let recorder = Recorder<Action, State>(
      initialState: State(), checkpointEvery: 1, sinks: [sink])
    let store = Actomaton(
      state: State(), reducer: Self.reducer,
      environment: recorder.recordingInputs(named: "id", of: { UUID() }),
      observer: recorder.observer)
    for _ in 1...3 { await store.send(.add) }
    recorder.close()
    let recording = try Recording<Action, State>(jsonLines: sink.jsonLines)
    #expect(recording.inputs.map(\.before) == [0, 1, 2])

    let replayed = recording.replay(
      through: Self.reducer,
      environment: recording.replayedInputs(named: "id", otherwise: { UUID() }))
    #expect(replayed.isFaithful)
    #expect(replayed.state == (await store.state))

    let fresh = recording.replay(through: Self.reducer, environment: { UUID() })
    #expect(fresh.divergence?.index == 0)
  }
}
