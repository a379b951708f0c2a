import ActomatonTesting
import Testing

@testable import Actomaton

/// The core's first examples as tests: a counter, a fire-and-forget effect, a timer from an
/// async sequence cancelled by id, and a queue with suspension and delay.
@Suite struct FirstExamplesTests {
  // MARK: - A counter

  struct CounterState: Sendable, Equatable { var count = 0 }
  enum CounterAction: Sendable { case increment, decrement }

  static let counterReducer = Reducer<CounterAction, CounterState, Void> { action, state, _ in
    switch action {
    case .increment:
      state.count += 1
      return Effect.empty
    case .decrement:
      state.count -= 1
      return Effect.empty
    }
  }

  @Test func counterChangesStateSynchronouslyAndStartsNoTask() async {
    let actomaton = Actomaton<CounterAction, CounterState>(
      state: CounterState(), reducer: Self.counterReducer)
    #expect(await actomaton.state.count == 0)
    let task = await actomaton.send(.increment)
    #expect(task == nil)
    #expect(await actomaton.state.count == 1)
    await actomaton.send(.increment)
    #expect(await actomaton.state.count == 2)
    await actomaton.send(.decrement)
    await actomaton.send(.decrement)
    #expect(await actomaton.state.count == 0)
  }

  @Test func fireAndForgetRunsItsSideEffect() async throws {
    let probe = Probe<String>()
    let reducer = Reducer<CounterAction, CounterState, Void> { action, state, _ in
      state.count += action == .increment ? 1 : -1
      return Effect.fireAndForget { await probe.record("\(action)") }
    }
    let actomaton = Actomaton<CounterAction, CounterState>(state: .init(), reducer: reducer)
    try await actomaton.send(.increment)?.value
    try await actomaton.send(.decrement)?.value
    #expect(await probe.events == ["increment", "decrement"])
    #expect(await actomaton.state.count == 0)
  }

  // MARK: - A timer from an AsyncSequence, cancelled by its EffectID

  enum TimerAction: Sendable { case start, tick, stop }
  struct TimerID: EffectIDProtocol {}

  @Test func timerTicksFromSequenceUntilCancelledByID() async throws {
    let clock = TestClock()
    let ticks = Probe<Int>()
    let reducer = Reducer<TimerAction, Int, TestClock> { action, state, clock in
      switch action {
      case .start:
        return Effect(id: TimerID()) {
          AsyncStream<TimerAction> { continuation in
            let task = Task {
              var deadline = clock.now
              while true {
                deadline = deadline.advanced(by: .seconds(1))
                try await clock.sleep(until: deadline)
                continuation.yield(.tick)
              }
            }
            continuation.onTermination = { @Sendable _ in task.cancel() }
          }
        }
      case .tick:
        state += 1
        return .fireAndForget { [state] in await ticks.record(state) }
      case .stop:
        return Effect.cancel(id: TimerID())
      }
    }
    let actomaton = Actomaton(state: 0, reducer: reducer, environment: clock)
    let timer = await actomaton.send(.start)
    #expect(await actomaton.state == 0)
    for second in 1...3 {
      try await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
      await ticks.waitFor(second)
      #expect(await actomaton.state == second)
    }
    await actomaton.send(.stop)
    try await timer?.value
    await clock.advance(by: .seconds(10))
    #expect(await actomaton.state == 3, "Should not increment because timer is stopped.")
  }

  // MARK: - An EffectQueue with suspension and delay

  enum FetchAction: Sendable {
    case fetch(id: String)
    case _didFetch(String)
  }

  struct DelayedEffectQueue: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 3, .suspendNew) }
    var effectQueueDelay: EffectQueueDelay { .random(0.1...0.3) }
  }

  @Test func delayedQueueRunsThreeAtOnceAndSpacesStarts() async throws {
    let clock = TestClock()
    let started = Probe<String>()
    let gate = Gate()
    let reducer = Reducer<FetchAction, [String], Void> { action, state, _ in
      switch action {
      case let .fetch(id):
        return Effect(queue: DelayedEffectQueue()) {
          await started.record(id)
          try await gate.wait()
          return ._didFetch(id)
        }
      case let ._didFetch(data):
        state.append(data)
        return .empty
      }
    }
    let actomaton = Actomaton(state: [], reducer: reducer, clock: clock)
    var tasks: [Task<Void, any Error>?] = []
    for item in ["item1", "item2", "item3", "item4"] {
      tasks.append(await actomaton.send(.fetch(id: item)))
    }
    await started.waitFor(1)
    #expect(await started.events == ["item1"])
    // item2 and item3 start within 0.1...0.3 s of each other; item4 waits for a free slot.
    try await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(0.6))
    await started.waitFor(3)
    #expect(await started.events.sorted() == ["item1", "item2", "item3"])
    // Long after the last scheduled start, item4 starts as soon as a slot frees.
    await clock.advance(by: .seconds(10))
    gate.open()
    for task in tasks { try await task?.value }
    #expect(await started.events.sorted() == ["item1", "item2", "item3", "item4"])
    #expect(await started.events.last == "item4")
    #expect(await actomaton.state.sorted() == ["item1", "item2", "item3", "item4"])
  }
}
