import Actomaton
import ActomatonREPL
import ActomatonRecording
import AppRoot
import CounterFeature
import Foundation
import GalleryApp

struct RecordedCount: Sendable, Equatable, Codable {
  var count = 0
}

enum RecordedTick: Sendable, Codable {
  case increment
}

let recordedCounting = Reducer<RecordedTick, RecordedCount, Void> { _, state, _ in
  state.count += 1
  return .empty
}

enum RecordingWorkloads {
  /// R1: a recording of `n` counter actions through the app's root (checkpoints every 100),
  /// replayed; with `plain`, the same actions through the root reducer in a loop.
  static func r1Replay(plain: Bool, n: Int, repetitions: Int) async -> Sample {
    let recorder = Recorder<Root.Action, Root.State>(
      initialState: Root.State(), checkpointEvery: 100, keepsRecording: true)
    let store = Actomaton(
      state: Root.State(), reducer: Root.reducer,
      environment: Replayer<Gallery>.environment(
        Recording(
          header: RecordingHeader(Root.Action.self, Root.State.self, checkpointEvery: 1),
          initialState: Root.State())),
      observer: recorder.observer)
    await store.send(.changeCurrent(.counter(Counter.State())))
    for _ in 0..<n { await store.send(.counter(.increment)) }
    guard let recording = recorder.recording else { fatalError("the recorder kept nothing") }
    let environment = Replayer<Gallery>.environment(recording)
    let actions = recording.entries.compactMap(\.action)
    let reducer = Root.reducer
    return await measure(n: actions.count, repetitions: repetitions) {
      if plain {
        var state = recording.initialState
        for action in actions { _ = reducer.run(action, &state, environment) }
        precondition(state.screen == .counter(Counter.State(count: n)))
      } else {
        let outcome = recording.replay(through: reducer, environment: environment)
        precondition(outcome.isFaithful && outcome.replayed == actions.count)
      }
    }
  }

  /// R2: a send that changes a field, recorded to a JSON Lines file, or with no observer. The
  /// sends are timed; the writer encodes and writes on its own thread meanwhile (the cpu column
  /// counts it), and its backlog at the end is timed apart: nanoseconds per entry.
  static func r2Send(recorded: Bool, n: Int, repetitions: Int) async -> (Sample, writer: Double) {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmark-recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    // NOTE: a buffer that holds every entry: the row times what recording costs a send, not
    // what it costs to drop entries when the writer falls behind.
    let recorder = Recorder<RecordedTick, RecordedCount>(
      initialState: RecordedCount(), bufferLimit: n * repetitions * 2 + 1_000,
      sinks: [JSONLinesFileSink(url: file)])
    let actomaton = Actomaton(
      state: RecordedCount(), reducer: recordedCounting,
      observer: recorded ? recorder.observer : nil)
    let sample = await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await actomaton.send(.increment) }
    }
    let clock = ContinuousClock()
    let start = clock.now
    recorder.close()
    let drained = start.duration(to: clock.now)
    precondition(recorder.lost == 0, "the recorder lost entries")
    let seconds = Double(drained.components.seconds) + Double(drained.components.attoseconds) / 1e18
    return (sample, seconds * 1e9 / Double(n * repetitions))
  }
}

extension Suite {
  func r1() async -> [Row] {
    let n = 100_000 / scale
    let plain = await RecordingWorkloads.r1Replay(plain: true, n: n, repetitions: repetitions)
    let replay = await RecordingWorkloads.r1Replay(plain: false, n: n, repetitions: repetitions)
    return [
      Row(
        id: "R1", name: "replay through the root reducer", n: n, sample: replay,
        floorName: "the root reducer in a loop", floor: plain, target: "≤ 1.5",
        note: "\(Int(1e9 / max(replay.median, 1))) actions/s")
    ]
  }

  func r2() async -> [Row] {
    let n = 100_000 / scale
    let (plain, _) = await RecordingWorkloads.r2Send(
      recorded: false, n: n, repetitions: repetitions)
    let (recorded, writer) = await RecordingWorkloads.r2Send(
      recorded: true, n: n, repetitions: repetitions)
    return [
      Row(
        id: "R2", name: "send recorded to a JSON Lines file", n: n, sample: recorded,
        floorName: "W8, no observer", floor: plain, target: "≤ 2",
        note: "the writer's backlog after: \(Int(writer)) ns per entry")
    ]
  }
}
