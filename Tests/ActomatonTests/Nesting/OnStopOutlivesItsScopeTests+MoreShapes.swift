import Actomaton
import ActomatonTesting
import Locking
import TestTraits
import Testing

/// onStop work outlives its scopes whatever its shape (concatenations, lifetimes, bounces,
/// subscriptions, restores), and only its id, its send's task and the release still cancel it.
extension OnStopOutlivesItsScopeTests {
  // MARK: - Concatenations, lifetimes, bounces, subscriptions

  /// A concatenated onStop (two timed parts, then an answer) started while Mid stays, Mid gone
  /// during its first part: both parts run, orphaned; the answer is dropped unreported.
  @Test func aConcatenatedOnStopRunsEveryPartPastItsParentGoingAndItsAnswerIsDropped()
    async
  {
    let f = Fixture()
    let onStop = Effect<MidAction>.concatenate(
      f.sleeping("first", seconds: 1), f.sleeping("second", seconds: 1),
      .nextAction(.leafStopped))
    let actomaton = await Self.leafClosed(f, onStop: onStop)
    await f.send(.close, to: actomaton)
    try? await waitUntil("both parts") {
      await f.clock.advance(by: .seconds(1))
      return f.entries.count >= 2
    }
    await f.clock.advance()
    #expect(f.entries == ["first done", "second done"])
    #expect(f.reported.isEmpty)
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// A lifetime's onStop started while its Mid stays outlives the Mid going.
  @Test func aLifetimesOnStopOutlivesItsEnclosingChildGoingLater() async {
    let f = Fixture()
    let actomaton = Self.actomaton(
      f, Self.topReducer(f, leafOnStop: .empty, lifeOnStop: f.sleeping("life-", seconds: 2)))
    await f.send(.open(1), to: actomaton)
    await f.send(.mid(.screenOff), to: actomaton)
    await f.send(.close, to: actomaton)
    await f.clock.advance(by: .seconds(2))
    #expect(f.entries == ["life- done"])
  }

  /// The leaf bounced three times while its earlier onStops run, then Mid goes: every onStop
  /// runs to its end, and the live leaf's work is still cancelled with Mid.
  @Test func aLeafBouncedRepeatedlyKeepsEveryOldOnStopRunningPastItsParent() async {
    let f = Fixture()
    let counter = Locked(0)
    let onStop = Effect<MidAction>.fireAndForget {
      let n = counter.withLock {
        $0 += 1; return $0
      }
      do {
        try await f.clock.sleep(for: .seconds(3))
        f.note("stop\(n) done")
      } catch {
        f.note("stop\(n) cancelled")
      }
    }
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: onStop))
    await f.send(.open(1), to: actomaton)
    for _ in 0..<3 { await f.send(.mid(.bounceLeaf), to: actomaton) }
    await f.send(.mid(.leaf(.work)), to: actomaton)
    await f.send(.close, to: actomaton)
    #expect(f.entries == ["leaf work cancelled"])
    await f.clock.advance(by: .seconds(3))
    #expect(
      f.entries.dropFirst().sorted() == ["stop1 done", "stop2 done", "stop3 done", "stop4 done"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// Subscriptions inside Mid still stop with it while a leaf's onStop work goes on in Mid's
  /// scope.
  @Test func subscriptionsInsideTheParentStopWithItWhileTheLeafsOnStopGoesOn() async {
    let f = Fixture()
    let actomaton = Self.actomaton(
      f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 5)))
    await f.send(.open(1), to: actomaton)
    await f.send(.mid(.tick), to: actomaton)
    await f.send(.mid(.closeLeaf), to: actomaton)
    #expect(f.clock.sleeperCount == 2)
    await f.send(.close, to: actomaton)
    #expect(f.clock.sleeperCount == 1)
    #expect(await actomaton.liveEffectIDs.count == 1)
    await f.clock.advance(by: .seconds(5))
    #expect(f.entries == ["leaf- done"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  // MARK: - Who still cancels it, who does not

  @Test func restoringAStateWithoutTheParentSparesTheLeafsOnStop() async {
    let f = Fixture()
    let actomaton = await Self.leafClosed(f, onStop: f.sleeping("leaf-", seconds: 2))
    await actomaton.restore(Top())
    await f.clock.advance()
    await f.clock.advance(by: .seconds(2))
    #expect(f.entries == ["leaf- done"])
  }

  @Test func aSiblingMadeWithReducerOnlyRemovingTheParentSparesTheLeafsOnStop() async {
    let f = Fixture()
    let actomaton = await Self.leafClosed(f, onStop: f.sleeping("leaf-", seconds: 2))
    await f.send(.onlyClose, to: actomaton)
    #expect(await actomaton.state.mid == nil)
    await f.clock.advance(by: .seconds(2))
    #expect(f.entries == ["leaf- done"])
  }

  /// Cancelling the task of the send that started the onStop cancels it after its parent went;
  /// cancelling the task of the send that removed the parent does not.
  @Test func theStartingSendsTaskStillCancelsTheOnStopAfterItsParentWent() async throws {
    let f = Fixture()
    let actomaton = Self.actomaton(
      f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 5)))
    await f.send(.open(1), to: actomaton)
    let starting = try #require(await actomaton.send(.mid(.closeLeaf)))
    await f.clock.advance()
    await actomaton.send(.close)?.cancel()
    await f.clock.advance()
    #expect(f.entries == [])
    starting.cancel()
    await f.clock.advance()
    #expect(f.entries == ["leaf- cancelled"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  @Test func releasingTheActomatonCancelsAnOnStopThatOutlivedItsParent() async {
    let f = Fixture()
    var actomaton: Actomaton<TopAction, Top>? = Self.actomaton(
      f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 10)))
    await f.send(.open(1), to: actomaton!)
    await f.send(.mid(.closeLeaf), to: actomaton!)
    await f.send(.close, to: actomaton!)
    #expect(f.clock.sleeperCount == 1)
    actomaton = nil
    try? await waitUntil("the onStop cancelled") {
      await f.clock.advance()
      return !f.entries.isEmpty
    }
    #expect(f.entries == ["leaf- cancelled"])
  }

  /// The parent's `cancel(ids:)` predicate reaches the onStop work while the parent stays; once
  /// the parent went, the work is orphaned, and not even the root's predicate reaches it.
  @Test func cancelIDsPredicatesReachTheOnStopWorkWhileItsParentStays() async {
    let f = Fixture()
    let actomaton = await Self.leafClosed(f, onStop: Self.flush(f))
    await f.send(.mid(.cancelFlushWhere), to: actomaton)
    #expect(f.entries == ["flush cancelled"])
    await f.send(.mid(.openLeaf), to: actomaton)
    await f.send(.mid(.closeLeaf), to: actomaton)
    await f.send(.close, to: actomaton)
    await f.send(.cancelFlushEverywhere, to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["flush cancelled", "flush done"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// Mid and its twin share one named scope. The leaf of Mid goes (its onStop runs in the shared
  /// scope); the twin going ends that scope, which spares the onStop and orphans it (a shared
  /// scope ends for both), so a later explicit `cancel(scope:)` no longer reaches it.
  @Test func aSharedScopeEndedByASiblingOrphansTheOnStop() async {
    let f = Fixture()
    let actomaton = Self.actomaton(
      f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 5), sharedScope: true))
    await f.send(.open(1), to: actomaton)
    await f.send(.openTwin, to: actomaton)
    await f.send(.mid(.closeLeaf), to: actomaton)
    await f.send(.closeTwin, to: actomaton)
    #expect(f.entries == [])
    await f.send(.cancelShared, to: actomaton)
    await f.clock.advance(by: .seconds(5))
    // NOTE: the twin's leaf went with the twin: its onStop, orphaned, ran to its end too.
    #expect(f.entries == ["leaf- done", "leaf- done"])
  }

  /// An onStop that sends twice after its parent went: both are dropped, unreported (the work
  /// is orphaned), and it runs on to its end.
  @Test func anOnStopSendingTwiceAfterItsParentWentIsDroppedUnreported() async {
    let f = Fixture()
    let onStop = Effect<MidAction>.run { send in
      try await f.clock.sleep(for: .seconds(1))
      await send(.leafStopped)
      await send(.leafStopped)
      f.note("sent")
    }
    let actomaton = await Self.leafClosed(f, onStop: onStop)
    await f.send(.close, to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["sent"])
    #expect(f.reported.isEmpty)
    #expect(await actomaton.state == Top())
  }
}
