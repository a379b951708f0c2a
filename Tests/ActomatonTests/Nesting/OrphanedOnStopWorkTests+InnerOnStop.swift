import Actomaton
import ActomatonTesting
import Locking
import Testing

/// An inner `onStop`, run for a child that went with the one around it (the three levels of
/// `AChildTakesWhatItDeclaredTests`), is orphaned: it runs to its end, the send's task waits
/// for it and its cancellation or the release cancels it, what it throws is reported, and what
/// it feeds back is dropped.
extension OrphanedOnStopWorkTests {
  // MARK: - What an inner onStop does

  @Test func aLongInnerOnStopIsNotCancelledAndTheSendTaskWaitsForIt() async throws {
    let f = Fixture()
    let actomaton = Nested.actomaton(f, Nested.reducer(f, cOnStop: f.sleeping("C-", seconds: 10)))
    await f.send(.open(1), to: actomaton)
    let task = try #require(await actomaton.send(.close))
    let ended = Locked(false)
    let waiter = Task {
      _ = try? await task.value
      ended.withLock { $0 = true }
    }
    await f.clock.advance()
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-"])
    #expect(f.clock.sleeperCount == 1)
    // NOTE: the send's task waits for the inner onStop's work, as for any onStop.
    #expect(!ended.withLock { $0 })
    await f.clock.advance(by: .seconds(10))
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-", "C- done"])
    await waiter.value
    #expect(ended.withLock { $0 })
    #expect(f.reported == [])
  }

  @Test func cancellingTheSendTaskCancelsALongInnerOnStop() async throws {
    let f = Fixture()
    let actomaton = Nested.actomaton(f, Nested.reducer(f, cOnStop: f.sleeping("C-", seconds: 10)))
    await f.send(.open(1), to: actomaton)
    let task = try #require(await actomaton.send(.close))
    await f.clock.advance()
    task.cancel()
    await f.clock.advance()
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-", "C- cancelled"])
  }

  @Test func releasingTheActomatonCancelsAnInnerOnStopStillRunning() async {
    let f = Fixture()
    var actomaton: Actomaton<Nested.RootAction, Nested.Root>? = Nested.actomaton(
      f, Nested.reducer(f, cOnStop: f.sleeping("C-", seconds: 10)))
    await f.send(.open(1), to: actomaton!)
    await f.send(.close, to: actomaton!)
    #expect(f.clock.sleeperCount == 1)
    actomaton = nil
    // NOTE: the release may come a moment later, when the last task lets the actomaton go.
    try? await waitUntil("the inner onStop cancelled") {
      await f.clock.advance()
      return f.entries.count >= 6
    }
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-", "C- cancelled"])
  }

  @Test func releasingTheActomatonWithChildrenPresentCancelsTheirEffectsAndRunsNoOnStop() async {
    let f = Fixture()
    var actomaton: Actomaton<Nested.RootAction, Nested.Root>? = Nested.actomaton(
      f, Nested.reducer(f))
    await f.send(.open(1), to: actomaton!)
    await f.send(.a(.b(.c(.work))), to: actomaton!)
    actomaton = nil
    await f.clock.advance()
    #expect(f.entries == ["A+", "B+", "C+", "C work cancelled"])
  }

  @Test func aThrowingInnerOnStopIsReportedThroughOnErrorAndTheSendTask() async throws {
    let f = Fixture()
    let throwing = Effect<Nested.BAction>.fireAndForget { throw TestError(message: "C- threw") }
    let actomaton = Nested.actomaton(f, Nested.reducer(f, cOnStop: throwing))
    await f.send(.open(1), to: actomaton)
    let task = try #require(await actomaton.send(.close))
    await f.clock.advance()
    await #expect(throws: TestError(message: "C- threw")) { try await task.value }
    #expect(f.reported == ["\(TestError(message: "C- threw"))"])
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-"])
  }

  @Test func anInnerOnStopThatSendsKeepsWorkingAfterItsDroppedSend() async {
    let f = Fixture()
    let sending = Effect<Nested.BAction>.run { send in
      await send(.cStopped)
      f.note("C- after send")
    }
    let actomaton = Nested.actomaton(f, Nested.reducer(f, cOnStop: sending))
    await f.send(.open(1), to: actomaton)
    await f.send(.close, to: actomaton)
    #expect(f.entries == ["A+", "B+", "C+", "C- after send", "B-", "A-"])
    #expect(f.actions == [.open(1), .close, .aStopped])
    #expect(f.reported == [])
  }

  @Test func anInnerOnStopConcatenatedAfterAnActionRunsItsWork() async {
    let f = Fixture()
    let concatenated = Effect<Nested.BAction>.concatenate(
      .nextAction(.cStopped), f.sleeping("C- first", seconds: 1), f.noting("C- second"))
    let actomaton = Nested.actomaton(f, Nested.reducer(f, cOnStop: concatenated))
    await f.send(.open(1), to: actomaton)
    await f.send(.close, to: actomaton)
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-"])
    await f.clock.advance(by: .seconds(1))
    try? await waitUntil("the concatenation's second part") {
      await f.clock.advance()
      return f.entries.count >= 7
    }
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-", "C- first done", "C- second"])
    #expect(f.actions == [.open(1), .close, .aStopped])
    #expect(f.reported == [])
  }
}
