import Testing

@testable import Actomaton

/// The actomaton's bookkeeping returns to empty, and misuse with nowhere to go is still said.
@Suite struct BookkeepingTests {
  enum Action: Sendable, Equatable {
    case request(Int)
    case misuse
    case misuseLater
    case done(Int)
  }

  /// An id unique per request, as a UUID would be.
  struct RequestID: EffectIDProtocol { let number: Int }
  struct Line: Oldest1SuspendNewEffectQueueProtocol {}
  struct Broken: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 0, .suspendNew) }
  }

  static func reducer(gate: UncancellableGate) -> Reducer<Action, [Int], Void> {
    Reducer { action, state, _ in
      switch action {
      case let .request(number):
        return Effect(id: RequestID(number: number), queue: Line()) {
          await gate.wait()
          return .done(number)
        }
      case .misuse:
        return .fireAndForget(queue: Broken()) {}
      case .misuseLater:
        return Effect { .misuse }
      case let .done(number):
        state.append(number)
        return .empty
      }
    }
  }

  @Test func idsOfWaitingEffectsSkippedAfterTheirSendWasCancelledAreForgotten() async throws {
    let gate = UncancellableGate()
    let executor = OwnThreadExecutor(held: true)
    let actomaton = Actomaton(state: [], reducer: Self.reducer(gate: gate), executor: executor)
    let first = await actomaton.send(.request(1))
    let waiting = try #require(await actomaton.send(.request(2)))
    #expect(await actomaton.trackedIDCount == 2)
    // NOTE: the gate opens and the send is cancelled while the executor holds every job, so the
    // first effect frees its slot before the cancellation reaches the actor, and the queue skips
    // the waiting effect of the cancelled send.
    gate.open()
    waiting.cancel()
    executor.release()
    try await first?.waitOrCancel()
    _ = try? await waiting.value
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(await actomaton.trackedIDCount == 0)
    #expect(await actomaton.state == [1])
  }

  @Test func idsAreForgottenWhenTheirEffectsFinishOrAreCancelled() async throws {
    let gate = UncancellableGate()
    let actomaton = Actomaton(state: [], reducer: Self.reducer(gate: gate))
    var tasks: [Task<Void, any Error>?] = []
    for number in 0..<50 { tasks.append(await actomaton.send(.request(number))) }
    for task in tasks.suffix(25) { task?.cancel() }
    gate.open()
    for task in tasks { _ = try? await task?.value }
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(await actomaton.trackedIDCount == 0)
    #expect(await actomaton.queueCounts(Line()) == (0, 0))
  }

  @Test func misuseWithNoHookGoesToStandardErrorNamingTheQueue() async throws {
    let actomaton = Actomaton(state: [], reducer: Self.reducer(gate: UncancellableGate()))
    let output = EventLog<String>()
    await actomaton.setMisuseOutput { text in output.append(text) }
    try? await actomaton.send(.misuseLater)?.value
    let lines = output.entries
    #expect(lines.count == 1, "a fed-back action's effect has no send task to carry the error")
    #expect(lines.first?.contains("Effect queue Broken()") == true)
    #expect(lines.first?.contains("maxCount 0") == true)
  }

  @Test func misuseWithAHookGoesToTheHookOnly() async throws {
    let errors = EventLog<any Error>()
    let actomaton = Actomaton(
      state: [], reducer: Self.reducer(gate: UncancellableGate()),
      onError: { error in errors.append(error) })
    let output = EventLog<String>()
    await actomaton.setMisuseOutput { text in output.append(text) }
    try? await actomaton.send(.misuseLater)?.value
    #expect(output.entries.isEmpty)
    #expect(errors.entries.count == 1)
  }
}
