import ActomatonTesting
import StopwatchFeature
import Testing

@Suite struct StopwatchTests {
  static func store(tick: Duration = .milliseconds(500)) -> (
    TestStore<Stopwatch.Action, Stopwatch.State>, TestClock
  ) {
    let clock = TestClock()
    let store = TestStore(
      initialState: Stopwatch.State(), reducer: Stopwatch.reducer,
      environment: .init(clock: clock, tickInterval: tick), clock: clock)
    return (store, clock)
  }

  /// Starts the stopwatch at the clock's zero.
  static func start(_ store: TestStore<Stopwatch.Action, Stopwatch.State>) async {
    await store.send(.start) {
      $0.status = .running
      $0.runningSince = .zero
    }
  }

  @Test func refreshShowsTheTimeBetweenTicks() async {
    let (store, clock) = Self.store()
    await Self.start(store)
    await clock.advance(by: .milliseconds(700))
    await store.receive(._tick) { $0.elapsed = .milliseconds(500) }
    await store.send(.refresh) { $0.elapsed = .milliseconds(700) }
    await store.send(.stop) {
      $0.status = .paused
      $0.accumulated = .milliseconds(700)
      $0.runningSince = nil
    }
    await store.send(.refresh)
    await store.finish()
  }

  @Test func startLapStopResumeKeepsExactTimeAndMarksLaps() async {
    let (store, clock) = Self.store()
    await Self.start(store)
    await clock.advance(by: .milliseconds(1500))
    await store.receive(._tick) { $0.elapsed = .milliseconds(500) }
    await store.receive(._tick) { $0.elapsed = .milliseconds(1000) }
    await store.receive(._tick) { $0.elapsed = .milliseconds(1500) }
    await store.send(.lap) {
      $0.laps = [.init(number: 1, split: .milliseconds(1500), total: .milliseconds(1500))]
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.stop) {
      $0.status = .paused
      $0.elapsed = .milliseconds(1700)
      $0.accumulated = .milliseconds(1700)
      $0.runningSince = nil
    }
    await clock.advance(by: .seconds(10))
    #expect(store.state.elapsed == .milliseconds(1700), "paused: the elapsed time did not move")

    await store.send(.resume) {
      $0.status = .running
      $0.runningSince = .milliseconds(11_700)
    }
    await clock.advance(by: .milliseconds(400))
    await store.send(.lap) {
      $0.elapsed = .milliseconds(2100)
      $0.laps.append(.init(number: 2, split: .milliseconds(600), total: .milliseconds(2100)))
    }
    #expect(store.state.fastestLap == 2)
    #expect(store.state.slowestLap == 1)
    await store.send(.stop) {
      $0.status = .paused
      $0.accumulated = .milliseconds(2100)
      $0.runningSince = nil
    }
    await store.finish()
  }

  @Test func manyPausesAndResumesAccumulateExactly() async {
    let (store, clock) = Self.store()
    store.exhaustivity = .off
    await store.send(.start)
    for round in 1...20 {
      await clock.advance(by: .milliseconds(333))
      await store.send(.stop) {
        $0.status = .paused
        $0.elapsed = .milliseconds(333 * round)
      }
      await clock.advance(by: .seconds(7))
      await store.send(.resume) { $0.status = .running }
    }
    await store.send(.stop) { $0.elapsed = .milliseconds(333 * 20) }
  }

  @Test func resetClearsLapsAndRestartsNumberingAtOne() async {
    let (store, clock) = Self.store()
    await Self.start(store)
    await clock.advance(by: .milliseconds(300))
    await store.send(.lap) {
      $0.elapsed = .milliseconds(300)
      $0.laps = [.init(number: 1, split: .milliseconds(300), total: .milliseconds(300))]
    }
    await store.send(.reset) { $0 = Stopwatch.State() }
    await clock.advance(by: .seconds(5))
    await store.send(.start) {
      $0.status = .running
      $0.runningSince = .milliseconds(5300)
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.lap) {
      $0.elapsed = .milliseconds(100)
      $0.laps = [.init(number: 1, split: .milliseconds(100), total: .milliseconds(100))]
    }
    await store.send(.reset) { $0 = Stopwatch.State() }
    await store.finish()
  }

  @Test func actionsThatDoNotFitTheStatusAreRefusedWithAMessage() async {
    let (store, _) = Self.store()
    await store.send(.stop) { $0.refusal = "Cannot stop while the stopwatch is idle." }
    await store.send(.lap) { $0.refusal = "Cannot lap while the stopwatch is idle." }
    await store.send(.resume) { $0.refusal = "Cannot resume while the stopwatch is idle." }
    await store.send(.start) {
      $0.status = .running
      $0.runningSince = .zero
      $0.refusal = nil
    }
    await store.send(.start) { $0.refusal = "Cannot start while the stopwatch is running." }
    await store.send(.reset) { $0 = Stopwatch.State() }
  }

  @Test func itTicksWhileRunningAndOnlyThen() async {
    let (store, clock) = Self.store(tick: .seconds(1))
    #expect(await store.activeSubscriptions(Stopwatch.TickKey.self) == [])
    await Self.start(store)
    #expect(await store.activeSubscriptions(Stopwatch.TickKey.self) == [Stopwatch.TickKey()])
    await store.send(.lap) { $0.laps = [.init(number: 1, split: .zero, total: .zero)] }
    await clock.advance(by: .seconds(1))
    await store.receive(._tick) { $0.elapsed = .seconds(1) }
    await store.send(.stop) {
      $0.status = .paused
      $0.accumulated = .seconds(1)
      $0.runningSince = nil
    }
    #expect(await store.activeSubscriptions(Stopwatch.TickKey.self) == [])
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func leavingAHostStopsTheTicks() async {
    enum Host: Equatable, Sendable { case feature(Stopwatch.Action), close }
    let clock = TestClock()
    let own = Reducer<Host, Stopwatch.State?, Stopwatch.Environment> { action, state, _ in
      if action == .close { state = nil }
      return .empty
    }
    let host = own.child(
      Stopwatch.reducer, state: \.self, action: /Host.feature, environment: { $0 })
    let store = TestStore(
      initialState: Stopwatch.State(), reducer: host,
      environment: .init(clock: clock, tickInterval: .seconds(1)), clock: clock)
    await store.send(.feature(.start)) {
      $0?.status = .running
      $0?.runningSince = .zero
    }
    await store.send(.close) { $0 = nil }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }
}

@Suite struct StopwatchTransitionTests {
  typealias Status = Stopwatch.Status

  /// The stopwatch in `status`, with the test clock at 1 s.
  static func store(in status: Status) async -> (
    TestStore<Stopwatch.Action, Stopwatch.State>, TestClock
  ) {
    let clock = TestClock()
    let store = TestStore(
      initialState: Stopwatch.State(), reducer: Stopwatch.reducer,
      environment: .init(clock: clock, tickInterval: .seconds(10)), clock: clock,
      exhaustivity: .off)
    if status != .idle { await store.send(.start) }
    await clock.advance(by: .seconds(1))
    if status == .paused { await store.send(.stop) }
    store.exhaustivity = .on
    return (store, clock)
  }

  @Test(arguments: [Status.idle, .running, .paused])
  func everyActionFromEveryStatus(status: Status) async {
    for action in [Stopwatch.Action.start, .stop, .resume, .lap, .reset, .refresh, ._tick] {
      let (store, _) = await Self.store(in: status)
      let before = store.state
      await store.send(action) { state in
        switch (action, status) {
        case (.start, .idle), (.start, .paused), (.resume, .paused):
          state.status = .running
          state.runningSince = .seconds(1)
        case (.stop, .running):
          state.status = .paused
          state.elapsed = .seconds(1)
          state.accumulated = .seconds(1)
          state.runningSince = nil
        case (.lap, .running):
          state.elapsed = .seconds(1)
          state.laps = [.init(number: 1, split: .seconds(1), total: .seconds(1))]
        case (._tick, .running), (.refresh, .running):
          state.elapsed = .seconds(1)
        case (.reset, _):
          state = Stopwatch.State()
        case (._tick, _), (.refresh, _):
          break
        default:
          state.refusal = "Cannot \(action) while the stopwatch is \(status)."
        }
      }
      #expect(before.status == status)
      await store.skipInFlightEffects()
    }
  }
}
