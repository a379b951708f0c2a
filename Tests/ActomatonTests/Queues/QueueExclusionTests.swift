import Testing

@testable import Actomaton

/// Rule 5: a `runOldest` slot is held until the body has exited, so a cancelled body that is
/// still inside keeps the next effect out; `runNewest` starts the newcomer at once.
@Suite struct QueueExclusionTests {
  enum Action: Sendable, Equatable {
    case enter(String)
    case cancel(String)
    case done(String)
  }

  struct ID: EffectIDProtocol { let name: String }
  struct Suspending: Oldest1SuspendNewEffectQueueProtocol {}
  struct Discarding: Oldest1DiscardNewEffectQueueProtocol {}
  struct Newest: Newest1EffectQueueProtocol {}

  /// A body that ignores cancellation until the test opens its gate, as a file write does.
  final class Section: Sendable {
    let gate = UncancellableGate()
    let inside = Locked<Set<String>>([])
    let log = EventLog<String>()

    func run(_ name: String) async {
      let others = inside.withLock { inside in
        defer { inside.insert(name) }
        return inside
      }
      log.append(others.isEmpty ? "\(name) in" : "\(name) in beside \(others)")
      if name.hasPrefix("a") { await gate.wait() }
      inside.withLock { _ = $0.remove(name) }
      log.append("\(name) out")
    }
  }

  static func make(queue: any EffectQueueProtocol, section: Section) -> Actomaton<Action, [String]>
  {
    let reducer = Reducer<Action, [String], Void> { action, state, _ in
      switch action {
      case let .enter(name):
        return Effect(id: ID(name: name), queue: queue) {
          await section.run(name)
          return .done(name)
        }
      case let .cancel(name):
        return .cancel(id: ID(name: name))
      case let .done(name):
        state.append(name)
        return .empty
      }
    }
    return Actomaton(state: [], reducer: reducer)
  }

  @Test func suspendNewStartsTheNextEffectOnlyAfterTheCancelledBodyHasExited() async throws {
    let section = Section()
    let actomaton = Self.make(queue: Suspending(), section: section)
    await actomaton.send(.enter("a"))
    try await waitUntil { section.log.entries == ["a in"] }
    await actomaton.send(.cancel("a"))
    let next = await actomaton.send(.enter("b"))
    #expect(await actomaton.queueCounts(Suspending()) == (1, 1), "b waits for a to exit")

    section.gate.open()
    try await next?.waitOrCancel()
    #expect(section.log.entries == ["a in", "a out", "b in", "b out"])
    #expect(await actomaton.state == ["b"], "the cancelled a's result is dropped")
    #expect(await actomaton.queueCounts(Suspending()) == (0, 0))
  }

  @Test func discardNewDropsNewEffectsWhileTheCancelledBodyIsStillInside() async throws {
    let section = Section()
    let actomaton = Self.make(queue: Discarding(), section: section)
    let first = await actomaton.send(.enter("a"))
    try await waitUntil { section.log.entries == ["a in"] }
    await actomaton.send(.cancel("a"))
    #expect(await actomaton.send(.enter("b")) == nil, "b is discarded: a still holds the slot")

    section.gate.open()
    try await first?.waitOrCancel()
    try await actomaton.send(.enter("c"))?.waitOrCancel()
    #expect(section.log.entries == ["a in", "a out", "c in", "c out"])
    #expect(await actomaton.state == ["c"])
  }

  @Test func newestStartsTheNewcomerAtOnceWhileTheEvictedBodyIsToldToStop() async throws {
    let section = Section()
    let actomaton = Self.make(queue: Newest(), section: section)
    let first = await actomaton.send(.enter("a"))
    try await waitUntil { section.log.entries == ["a in"] }
    try await actomaton.send(.enter("b"))?.waitOrCancel()
    #expect(section.log.entries == ["a in", "b in beside [\"a\"]", "b out"])

    section.gate.open()
    try await first?.waitOrCancel()
    #expect(await actomaton.state == ["b"], "the evicted a's result is dropped")
  }
}
