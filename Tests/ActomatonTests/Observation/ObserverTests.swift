import Testing

@testable import Actomaton

/// `ActomatonObserver`: every action with its origin, state changes and effect events.
@Suite struct ObserverTests {
  enum Action: Sendable, Equatable {
    case chain
    case start
    case queued(Int)
    case once
    case fail
    case cancel
    case done(Int)
  }

  struct ID: EffectIDProtocol {}
  struct Line: Oldest1SuspendNewEffectQueueProtocol {}
  struct Once: Oldest1DiscardNewEffectQueueProtocol {}

  final class Journal: Sendable {
    let lines = EventLog<String>()
    let gate = Gate()

    var observer: ActomatonObserver<Action, [Int]> {
      ActomatonObserver(
        actionReceived: { action, origin in self.lines.append("\(action) from \(origin)") },
        actionReduced: { _, _, old, new in
          if old != new { self.lines.append("state \(old) → \(new)") }
        },
        effectEvent: { event in
          let queue = event.queue.map { " in \(type(of: $0))" } ?? ""
          let id = event.id.map { " \(type(of: $0))" } ?? ""
          self.lines.append("effect \(event.kind)\(id)\(queue)")
        })
    }
  }

  static func reducer(_ journal: Journal) -> Reducer<Action, [Int], Void> {
    Reducer { action, state, _ in
      switch action {
      case .chain: return .nextAction(.done(0))
      case .start: return Effect(id: ID()) { .done(1) }
      case let .queued(number):
        return Effect(queue: Line()) {
          try await journal.gate.wait()
          return .done(number)
        }
      case .once: return .fireAndForget(queue: Once()) { try await journal.gate.wait() }
      case .fail: return .fireAndForget { throw TestError() }
      case .cancel: return .cancel(id: ID())
      case let .done(number):
        state.append(number)
        return .empty
      }
    }
  }

  static func make(_ journal: Journal) -> Actomaton<Action, [Int]> {
    Actomaton(state: [], reducer: reducer(journal), observer: journal.observer)
  }

  @Test func actionsArriveWithTheirOriginAndTheStateChangeTheyMade() async throws {
    let journal = Journal()
    let actomaton = Self.make(journal)
    await actomaton.send(.chain)
    try await actomaton.send(.start)?.value
    #expect(
      journal.lines.take() == [
        "chain from send", "done(0) from nextAction", "state [] → [0]",
        "start from send", "effect started ID", "effect finished ID", "done(1) from feedback",
        "state [0] → [0, 1]",
      ])
  }

  @Test func aQueuedEffectIsSuspendedThenResumedAndADiscardedOneIsSaid() async throws {
    let journal = Journal()
    let actomaton = Self.make(journal)
    let first = await actomaton.send(.queued(1))
    let second = await actomaton.send(.queued(2))
    await actomaton.send(.once)
    await actomaton.send(.once)
    journal.gate.open()
    try await first?.value
    try await second?.value
    let effects = journal.lines.take().filter { $0.hasPrefix("effect") }
    #expect(
      effects.prefix(4) == [
        "effect started in Line", "effect suspended in Line", "effect started in Once",
        "effect discarded in Once",
      ])
    #expect(
      Set(effects.dropFirst(4)) == [
        "effect finished in Line", "effect resumed in Line", "effect finished in Once",
      ])
  }

  @Test func aWaitingEffectOfACancelledSendIsSaidToBeDiscarded() async throws {
    let journal = Journal()
    let actomaton = Self.make(journal)
    let first = await actomaton.send(.queued(1))
    let second = await actomaton.send(.queued(2))
    _ = journal.lines.take()
    // The send's cancellation reaches the actomaton while the first effect still holds the queue,
    // so the waiting effect is dropped by the cancellation, not by the queue coming to it.
    second?.cancel()
    try await waitUntil { await actomaton.effectCount == 1 }
    #expect(journal.lines.take() == ["effect discarded in Line"])
    journal.gate.open()
    try await first?.value
    #expect(journal.lines.take().filter { $0.hasPrefix("effect") } == ["effect finished in Line"])
  }

  @Test func cancelledAndThrowingEffectsAreSaid() async throws {
    let journal = Journal()
    let actomaton = Self.make(journal)
    let failing = await actomaton.send(.fail)
    _ = try? await failing?.value
    #expect(journal.lines.take().contains("effect threw TestError(message: \"boom\")"))

    let waitsForever = Reducer<Action, [Int], Void> { _, _, _ in
      .run(id: ID()) { _ in try await Gate().wait() }
    }
    let never = Actomaton(state: [], reducer: waitsForever, observer: journal.observer)
    let task = await never.send(.start)
    _ = journal.lines.take()
    task?.cancel()
    _ = try? await task?.value
    try await waitUntil { await never.effectCount == 0 }
    #expect(journal.lines.take() == ["effect cancelled ID", "effect finished ID"])
  }

  @Test func anActomatonWithoutObserversDoesNoObservingWork() async {
    let actomaton = Actomaton(state: [], reducer: Self.reducer(Journal()))
    await actomaton.send(.chain)
    #expect(await !actomaton.isObserved)
  }

  @Test func eachReductionIsOneEventWithItsActionOriginAndBothStates() async throws {
    let reductions = EventLog<String>()
    let observer = ActomatonObserver<Action, [Int]>(actionReduced: { action, origin, old, new in
      reductions.append("\(action) from \(origin): \(old) → \(new)")
    })
    let actomaton = Actomaton(state: [], reducer: Self.reducer(Journal()), observer: observer)
    await actomaton.send(.chain)
    try await actomaton.send(.start)?.value
    #expect(
      reductions.entries == [
        "chain from send: [] → []", "done(0) from nextAction: [] → [0]",
        "start from send: [0] → [0]", "done(1) from feedback: [0] → [0, 1]",
      ])
  }
}
