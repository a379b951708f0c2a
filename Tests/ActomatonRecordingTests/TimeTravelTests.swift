import ActomatonRecording
import ActomatonTesting
import Foundation
import TestTraits
import Testing

/// Going back in time: a state from the recording put back with `restore`, with what lives
/// following it, and the restore itself recorded and replayed.
@Suite(.hangGuard)
struct TimeTravelTests {
  enum Screen: Codable, Equatable, Sendable {
    case home
    case timer(ticks: Int)
  }

  struct State: Codable, Equatable, Sendable {
    var screen = Screen.home
    var stops = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case open
    case tick
    case close
    case stopped
  }

  static func reducer(_ clock: TestClock) -> Reducer<Action, State, Void> {
    Reducer<Action, State, Void> { action, state, _ in
      switch action {
      case .open: state.screen = .timer(ticks: 0)
      case .tick:
        if case let .timer(ticks) = state.screen { state.screen = .timer(ticks: ticks + 1) }
      case .close: state.screen = .home
      case .stopped: state.stops += 1
      }
      return .empty
    }
    .lifetime(
      state: \.screen, case: /Screen.timer,
      onStart: .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      },
      onStop: .nextAction(.stopped))
  }

  @Test func undoAcrossAScreenChangeCancelsTheLeftScreensWorkAndRunsItsOnStop() async throws {
    let clock = TestClock()
    let recorder = Recorder<Action, State>(
      initialState: State(), checkpointEvery: 2, clock: clock, keepsRecording: true)
    // NOTE: on the clock's executor, so advancing it lets the timer's work settle first.
    let store = Actomaton(
      state: State(), reducer: Self.reducer(clock), clock: clock, executor: clock.executor,
      observer: recorder.observer)
    var screens = store.values(of: \.screen).makeAsyncIterator()
    #expect(await screens.next() == .home)
    recorder.note("open")
    await store.send(.open)
    #expect(await screens.next() == .timer(ticks: 0))
    for tick in 1...2 {
      await clock.advance(by: .seconds(1))
      #expect(await screens.next() == .timer(ticks: tick))
    }

    // Undo "open": the state before its first entry.
    let recording = try #require(recorder.recording)
    let before = try #require(recording.notes.last?.before)
    let earlier = try #require(
      recording.state(after: before - 1, through: Self.reducer(clock), environment: ()))
    await store.restore(earlier)
    #expect(await store.state == State(screen: .home, stops: 1))
    #expect(await store.liveEffectIDs.isEmpty)
    #expect(clock.sleeperCount == 0)

    recorder.close()
    let written = try #require(recorder.recording)
    #expect(written.entries.map(\.action) == [.open, .tick, .tick, nil, .stopped])
    #expect(expectReplay(written, through: Self.reducer(clock), environment: ()).isFaithful)
  }

  @Test func goingBackCostsAtMostKReductionsFromTheNearestCheckpoint() async throws {
    let recorder = Recorder<Tally.Action, Tally.State>(
      initialState: Tally.State(), checkpointEvery: 3, keepsRecording: true)
    let store = Actomaton(
      state: Tally.State(), reducer: Tally.reducer, observer: recorder.observer)
    for amount in 1...10 { await store.send(.add(amount)) }
    let recording = try #require(recorder.recording)
    let counted = Locked(0)
    let counting = Reducer<Tally.Action, Tally.State, Void> { action, state, environment in
      counted.withLock { $0 += 1 }
      return Tally.reducer.run(action, &state, environment)
    }
    for index in 0..<10 {
      counted.withLock { $0 = 0 }
      let state = recording.state(after: index, through: counting, environment: ())
      #expect(state?.count == (1...(index + 1)).reduce(0, +))
      #expect(counted.withLock { $0 } < 3)
    }
  }
}
