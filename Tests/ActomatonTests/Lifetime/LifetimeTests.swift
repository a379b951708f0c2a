import Testing

@testable import Actomaton

/// Rule 10: effects hold the actomaton weakly; releasing it cancels them and frees the
/// environment.
@Suite struct LifetimeTests {
  final class Dependency: Sendable {}

  struct Environment: Sendable {
    let dependency: Dependency
    let gate: Gate
    let probe: Probe<String>
  }

  enum Action: Sendable { case wait, waitInQueue, done }
  struct Queue: Oldest1SuspendNewEffectQueueProtocol {}

  static let reducer = Reducer<Action, Int, Environment> { action, state, environment in
    switch action {
    case .wait, .waitInQueue:
      let queue: (any EffectQueueProtocol)? = action == .waitInQueue ? Queue() : nil
      return Effect(queue: queue) { [probe = environment.probe, gate = environment.gate] in
        await probe.record("started")
        do {
          try await gate.wait()
        } catch {
          await probe.record("cancelled")
          throw error
        }
        return .done
      }
    case .done:
      state += 1
      return .empty
    }
  }

  @Test func releasingTheActomatonCancelsRunningAndWaitingEffectsAndFreesTheEnvironment()
    async throws
  {
    let probe = Probe<String>()
    let gate = Gate()
    weak var weakActomaton: Actomaton<Action, Int>?
    weak var weakDependency: Dependency?
    var tasks: [Task<Void, any Error>?] = []
    do {
      let dependency = Dependency()
      weakDependency = dependency
      let actomaton = Actomaton(
        state: 0, reducer: Self.reducer,
        environment: Environment(dependency: dependency, gate: gate, probe: probe))
      weakActomaton = actomaton
      tasks.append(await actomaton.send(.wait))
      tasks.append(await actomaton.send(.waitInQueue))
      tasks.append(await actomaton.send(.waitInQueue))  // suspended behind the previous one
      await probe.waitFor(2)
    }
    for task in tasks { try await task?.value }
    #expect(weakActomaton == nil)
    #expect(weakDependency == nil)
    #expect(await probe.events.filter { $0 == "cancelled" }.count == 2)
    #expect(await probe.events.filter { $0 == "started" }.count == 2, "the waiting one never ran")
  }

  @Test func aRunningEffectDoesNotKeepTheActomatonAlive() async throws {
    let probe = Probe<String>()
    let gate = Gate()
    weak var weakActomaton: Actomaton<Action, Int>?
    var task: Task<Void, any Error>?
    do {
      let actomaton = Actomaton(
        state: 0, reducer: Self.reducer,
        environment: Environment(dependency: Dependency(), gate: gate, probe: probe))
      weakActomaton = actomaton
      task = await actomaton.send(.wait)
      await probe.waitFor(1)
    }
    #expect(weakActomaton == nil)
    try await task?.value
  }
}
