import ActomatonTesting
import TestTraits
import Testing

@testable import Actomaton

/// `Effect.concatenate` with queues (waiting lines, evictions, delays, misuse), cancellation by
/// id, by predicate and through the send's task in the middle of a concatenation, `restore` and
/// a released actomaton, seen from outside: the bodies that ran and the observer's effect events
/// in order.
@Suite(.hangGuard)
struct ConcatenatedQueueTests {
  // MARK: - Waiting parts

  @Test func aWaitingPartCancelledByIDCountsAsOverAndTheNextPartWaitsInItsPlace() async throws {
    let (journal, actomaton, line) = Self.fixture()
    let blocker = try await Self.block(line, on: actomaton, journal)
    let chain = try #require(
      await actomaton.send(
        .effect(.concatenate(journal.body("a", queue: line), journal.body("b", queue: line)))))
    #expect(journal.seen == ["started blocker", "suspended a"])

    await actomaton.send(.effect(.cancel(id: Name("a"))))
    #expect(journal.seen == ["started blocker", "suspended a", "cancelled a", "suspended b"])
    #expect(await actomaton.queueCounts(line) == (running: 1, waiting: 1))

    journal.gate("blocker").open()
    try await chain.waitOrCancel()
    try await blocker.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(
      journal.seen == [
        "started blocker", "suspended a", "cancelled a", "suspended b", "finished blocker",
        "resumed b", "finished b",
      ])
    #expect(journal.ran == ["blocker", "b"])
    #expect(await actomaton.state.done == ["blocker", "b"])
  }

  @Test func cancellingTheSendTaskWhileItsFirstPartWaitsDiscardsItAndSkipsTheRest() async throws {
    let (journal, actomaton, line) = Self.fixture()
    let blocker = try await Self.block(line, on: actomaton, journal)
    let chain = try #require(
      await actomaton.send(
        .effect(.concatenate(journal.body("a", queue: line), journal.body("b")))))
    chain.cancel()
    _ = try? await chain.waitOrCancel()
    try await waitUntil { journal.seen.contains("discarded a") }
    #expect(await actomaton.queueCounts(line) == (running: 1, waiting: 0))

    journal.gate("blocker").open()
    try await blocker.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(journal.seen == ["started blocker", "suspended a", "discarded a", "finished blocker"])
    #expect(journal.ran == ["blocker"])
    #expect(await actomaton.state.done == ["blocker"])
  }

  @Test func twoChainsWhoseWaitingPartsArePredicateCancelledKeepTheirNextPartsInFIFOOrder()
    async throws
  {
    let (journal, actomaton, line) = Self.fixture()
    let blocker = try await Self.block(line, on: actomaton, journal)
    let first = try #require(
      await actomaton.send(
        .effect(.concatenate(journal.body("x1", queue: line), journal.body("b1", queue: line)))))
    let second = try #require(
      await actomaton.send(
        .effect(.concatenate(journal.body("x2", queue: line), journal.body("b2", queue: line)))))
    await actomaton.send(
      .effect(.cancel(ids: { ($0 as? Name)?.name.hasPrefix("x") == true })))
    #expect(
      journal.seen == [
        "started blocker", "suspended x1", "suspended x2", "cancelled x1", "cancelled x2",
        "suspended b1", "suspended b2",
      ])

    journal.gate("blocker").open()
    for task in [blocker, first, second] { try await task.waitOrCancel() }
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(journal.ran == ["blocker", "b1", "b2"])
    #expect(await actomaton.state.done == ["blocker", "b1", "b2"])
  }

  @Test func nestedChainsGoOnPastAWaitingPartCancelledByPredicate() async throws {
    let (journal, actomaton, line) = Self.fixture()
    let blocker = try await Self.block(line, on: actomaton, journal)
    let chain = try #require(
      await actomaton.send(
        .effect(
          .concatenate(
            .concatenate(journal.body("a", queue: line), journal.body("b", queue: line)),
            journal.body("c", queue: line)))))
    await actomaton.send(.effect(.cancel(ids: { ($0 as? Name)?.name == "a" })))
    journal.gate("blocker").open()
    try await chain.waitOrCancel()
    try await blocker.waitOrCancel()
    #expect(journal.ran == ["blocker", "b", "c"])
    #expect(await actomaton.state.done == ["blocker", "b", "c"])
    #expect(
      journal.seen == [
        "started blocker", "suspended a", "cancelled a", "suspended b", "finished blocker",
        "resumed b", "finished b", "started c", "finished c",
      ])
  }

  // MARK: - Evictions, discards, misuse

  @Test func aRunningPartEvictedByARunNewestQueueEndsAndTheNextPartRuns() async throws {
    let journal = Journal()
    let actomaton = Self.make(journal)
    let newest = Line(name: "newest", effectQueuePolicy: .runNewest(maxCount: 1))
    let chain = try #require(
      await actomaton.send(
        .effect(.concatenate(journal.body("a", queue: newest, waits: true), journal.body("b")))))
    try await waitUntil { journal.ran == ["a"] }
    let newcomer = try #require(
      await actomaton.send(.effect(journal.body("c", queue: newest, waits: true))))
    try await chain.waitOrCancel()
    #expect(
      journal.seen == [
        "started a", "cancelled a", "started c", "finished a", "started b", "finished b",
      ])
    #expect(journal.ran.contains("a stops"))
    #expect(await actomaton.state.done == ["b"])

    journal.gate("c").open()
    try await newcomer.waitOrCancel()
    #expect(await actomaton.state.done == ["b", "c"])
  }

  @Test func aMisusedQueueInsideAChainIsReportedOnceAndTheChainGoesOn() async throws {
    let journal = Journal()
    let actomaton = Self.make(journal)
    let misused = Line(name: "misused", effectQueuePolicy: .runOldest(maxCount: 0, .suspendNew))
    let chain = try #require(
      await actomaton.send(
        .effect(
          .concatenate(
            journal.body("a"), journal.body("bad", queue: misused), journal.body("b")))))
    await #expect(throws: EffectQueueMisuse.self) { try await chain.waitOrCancel() }
    #expect(journal.ran == ["a", "b"])
    #expect(journal.errors.entries.count == 1)
    #expect(
      journal.seen == [
        "started a", "finished a", "discarded bad", "started b", "finished b",
      ])
    #expect(await actomaton.state.done == ["a", "b"])
  }

  @Test func aLaterPartJoinsADiscardNewQueueThatItsEarlierPartHeldWhileMergedOnesAreDropped()
    async throws
  {
    let journal = Journal()
    let actomaton = Self.make(journal)
    let once = Line(name: "once", effectQueuePolicy: .runOldest(maxCount: 1, .discardNew))
    let merged = try #require(
      await actomaton.send(
        .effect(journal.body("m1", queue: once, waits: true) + journal.body("m2", queue: once))))
    try await waitUntil { journal.ran == ["m1"] }
    journal.gate("m1").open()
    try await merged.waitOrCancel()
    let chained = try #require(
      await actomaton.send(
        .effect(
          .concatenate(
            journal.body("c1", queue: once, waits: true), journal.body("c2", queue: once)))))
    try await waitUntil { journal.ran == ["m1", "c1"] }
    journal.gate("c1").open()
    try await chained.waitOrCancel()
    #expect(journal.ran == ["m1", "c1", "c2"])
    #expect(
      journal.seen == [
        "started m1", "discarded m2", "finished m1", "started c1", "finished c1", "started c2",
        "finished c2",
      ])
  }

  @Test func aChainsCancelledPartHoldsItsRunOldestSlotUntilItsBodyExitsThenTheNextPartRuns()
    async throws
  {
    let journal = Journal()
    let actomaton = Self.make(journal)
    let once = Line(name: "once", effectQueuePolicy: .runOldest(maxCount: 1, .discardNew))
    let chain = try #require(
      await actomaton.send(
        .effect(
          .concatenate(
            journal.body("a", queue: once, sticky: true), journal.body("b", queue: once)))))
    try await waitUntil { journal.ran == ["a"] }
    await actomaton.send(.effect(.cancel(id: Name("a"))))
    await actomaton.send(.effect(journal.body("intruder", queue: once)))
    #expect(journal.seen == ["started a", "cancelled a", "discarded intruder"])
    journal.stickyGate("a").open()
    try await chain.waitOrCancel()
    #expect(journal.ran == ["a", "a exits cancelled", "b"])
    #expect(await actomaton.state.done == ["b"], "a's action came after it was cancelled")
    #expect(
      journal.seen == [
        "started a", "cancelled a", "discarded intruder", "finished a", "started b",
        "finished b",
      ])
  }

  @Test func cancellingAChainsSendKeepsTheSlotUntilTheBodyExitsThenAnotherChainGoesOn()
    async throws
  {
    let (journal, actomaton, line) = Self.fixture()
    let first = try #require(
      await actomaton.send(
        .effect(.concatenate(journal.body("a", queue: line, sticky: true), journal.body("b")))))
    try await waitUntil { journal.ran == ["a"] }
    let second = try #require(
      await actomaton.send(
        .effect(.concatenate(journal.body("c", queue: line), journal.body("d")))))
    first.cancel()
    try await waitUntil { journal.seen.contains("cancelled a") }
    #expect(await actomaton.queueCounts(line) == (running: 1, waiting: 1))
    #expect(journal.seen == ["started a", "suspended c", "cancelled a"])

    journal.stickyGate("a").open()
    _ = try? await first.waitOrCancel()
    try await second.waitOrCancel()
    #expect(journal.ran == ["a", "a exits cancelled", "c", "d"])
    #expect(await actomaton.state.done == ["c", "d"])
    #expect(
      journal.seen == [
        "started a", "suspended c", "cancelled a", "finished a", "resumed c", "finished c",
        "started d", "finished d",
      ])
  }

  @Test func cancellingASendWhoseOneEffectWaitsDiscardsItAndTheLineMovesOn() async throws {
    let (journal, actomaton, line) = Self.fixture()
    let blocker = try await Self.block(line, on: actomaton, journal)
    let waiting = try #require(await actomaton.send(.effect(journal.body("w", queue: line))))
    let next = try #require(await actomaton.send(.effect(journal.body("n", queue: line))))
    waiting.cancel()
    _ = try? await waiting.waitOrCancel()
    try await waitUntil { journal.seen.contains("discarded w") }
    journal.gate("blocker").open()
    try await next.waitOrCancel()
    try await blocker.waitOrCancel()
    #expect(journal.ran == ["blocker", "n"])
    #expect(
      journal.seen == [
        "started blocker", "suspended w", "suspended n", "discarded w", "finished blocker",
        "resumed n", "finished n",
      ])
  }

  // MARK: - Tracked feedbacks

  @Test func cancellingATrackingSendDiscardsAFedBackChainsWaitingPart() async throws {
    let (journal, actomaton, line) = Self.fixture()
    let blocker = try await Self.block(line, on: actomaton, journal)
    let feeder = Effect<Action>(id: Name("feeder")) {
      .effect(.concatenate(journal.body("x", queue: line), journal.body("y")))
    }
    let task = try #require(await actomaton.send(.effect(feeder), tracksFeedbacks: true))
    try await waitUntil { journal.seen.contains("suspended x") }
    task.cancel()
    _ = try? await task.waitOrCancel()
    try await waitUntil { journal.seen.contains("discarded x") }

    journal.gate("blocker").open()
    try await blocker.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(journal.ran == ["blocker"])
    #expect(
      journal.seen == [
        "started blocker", "started feeder", "finished feeder", "suspended x", "discarded x",
        "finished blocker",
      ])
  }

  // MARK: - Delays

  @Test func chainedPartsInADelayedQueueAreSpacedFromThePreviousScheduledStart() async throws {
    let (journal, actomaton, spaced) = Self.fixture(queue: Self.spaced)
    let blocker = try await Self.block(spaced, on: actomaton, journal)
    let chain = try #require(
      await actomaton.send(
        .effect(
          .concatenate(
            journal.body("a", queue: spaced, timed: true),
            journal.body("b", queue: spaced, timed: true)))))
    try await journal.clock.waitForSleepers(1)
    await journal.clock.advance(by: .seconds(1))
    try await waitUntil { journal.ran.count == 2 }
    try await journal.clock.waitForSleepers(1)
    #expect(journal.ran == ["blocker", "a at 1.0 seconds"], "b waits out its delay")
    await journal.clock.advance(by: .seconds(1))
    try await chain.waitOrCancel()
    #expect(journal.ran == ["blocker", "a at 1.0 seconds", "b at 2.0 seconds"])
    journal.gate("blocker").open()
    try await blocker.waitOrCancel()
  }

  @Test func aDelayedPartCancelledByIDNeverRunsAndTheNextPartStarts() async throws {
    let (journal, actomaton, spaced) = Self.fixture(queue: Self.spaced)
    let blocker = try await Self.block(spaced, on: actomaton, journal)
    let chain = try #require(
      await actomaton.send(
        .effect(.concatenate(journal.body("a", queue: spaced), journal.body("b")))))
    try await journal.clock.waitForSleepers(1)
    await actomaton.send(.effect(.cancel(id: Name("a"))))
    try await chain.waitOrCancel()
    #expect(journal.ran == ["blocker", "b"])
    #expect(
      journal.seen == [
        "started blocker", "started a", "cancelled a", "finished a", "started b", "finished b",
      ])
    journal.gate("blocker").open()
    try await blocker.waitOrCancel()
  }

  // MARK: - Restore and release

  @Test func restoringAwayALifetimeDropsItsWaitingEffectAndEndsTheRestoresTask() async throws {
    let journal = Journal()
    let line = Line()
    // NOTE: a lifetime's queue is a queue of its own scope, so the lifetime holds it itself.
    let onStart =
      journal.body("holder", queue: line, waits: true) + journal.body("life", queue: line)
    let actomaton = Self.make(journal, lifeOnStart: onStart)
    let started = try #require(await actomaton.restore(State(topic: "on")))
    try await waitUntil { journal.ran == ["holder"] }
    #expect(journal.seen == ["started holder", "suspended life"])
    await actomaton.restore(State())
    try await started.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(
      journal.seen == [
        "started holder", "suspended life", "cancelled holder", "cancelled life",
        "finished holder",
      ])
    #expect(journal.ran == ["holder", "holder stops"])
  }

  @Test func cancellingTheTaskOfARestoreThatStartedOneEffectCancelsIt() async throws {
    let journal = Journal()
    let actomaton = Self.make(journal, lifeOnStart: journal.body("life", waits: true))
    let started = try #require(await actomaton.restore(State(topic: "on")))
    try await waitUntil { journal.ran == ["life"] }
    started.cancel()
    _ = try? await started.waitOrCancel()
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(journal.ran == ["life", "life stops"])
    #expect(journal.seen == ["started life", "cancelled life", "finished life"])
    #expect(await actomaton.state.done == [])
  }

  @Test func releasingTheActomatonWhileAChainWaitsEndsItsTaskWithoutRunningIt() async throws {
    let journal = Journal()
    let line = Line()
    var actomaton: Actomaton<Action, State>? = Self.make(journal)
    let blocker = try await Self.block(line, on: try #require(actomaton), journal)
    let chain = try #require(
      await actomaton?.send(
        .effect(.concatenate(journal.body("a", queue: line), journal.body("b")))))
    actomaton = nil
    _ = try? await chain.waitOrCancel()
    _ = try? await blocker.waitOrCancel()
    #expect(journal.ran == ["blocker", "blocker stops"])
  }
}
