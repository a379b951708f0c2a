import ActomatonTesting
import Testing

@testable import Actomaton

/// Deliberately wrong expectations: each must fail with a message that says what differed, at the
/// line of the step concerned.
@Suite struct TestStoreFailureTests {
  /// Runs `body`, expecting `count` issues whose messages together contain every fragment;
  /// returns the lines they were reported at.
  @discardableResult
  func expectFailures(
    count: Int = 1, _ fragments: [String], _ body: () async -> Void
  ) async -> [Int] {
    let issues = Locked<[(String, Int)]>([])
    await withKnownIssue {
      await body()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      issues.withLock { $0.append((text, issue.sourceLocation?.line ?? 0)) }
      return true
    }
    let recorded = issues.withLock { $0 }
    #expect(recorded.count == count, "issues: \(recorded.map(\.0))")
    let text = recorded.map(\.0).joined(separator: "\n")
    for fragment in fragments {
      #expect(text.contains(fragment), "\(text) should contain \(fragment)")
    }
    return recorded.map(\.1)
  }

  @Test func wrongStateExpectationShowsAFieldDiffAtTheSendLine() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer.reducer(clock: TestClock()))
    let line = #line + 2
    let lines = await expectFailures([".note: \"wrong\" → \"first\""]) {
      await store.send(.echo("first")) { $0.note = "wrong" }
    }
    #expect(lines == [line])
  }

  @Test func anUndescribedStateChangeFailsWithAHint() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer.reducer(clock: TestClock()))
    await expectFailures(["No state change was expected"]) {
      await store.send(.echo("x"))
    }
  }

  @Test func receivingTheWrongActionNamesBoth() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer.reducer(clock: TestClock()))
    await store.send(.ping)
    await expectFailures(["Expected: tick", "Received: pong"]) {
      await store.receive(.tick)
    }
  }

  @Test func receivingWhenNothingArrivesFailsWithoutWaiting() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timer.State(), reducer: Timer.reducer(clock: clock), clock: clock)
    await store.send(.start) { $0.isRunning = true }
    await expectFailures(["no action was received", "advance the clock"]) {
      await store.receive(.tick)
    }
    #expect(clock.now == .init(offset: .zero))
    await store.send(.stop) { $0.isRunning = false }
  }

  @Test func unassertedReceivedActionsFailAtTheNextSend() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer.reducer(clock: TestClock()))
    await store.send(.ping)
    await expectFailures(["1 received action(s) were not asserted", "pong"]) {
      await store.send(.echo("x")) { $0.note = "x" }
    }
  }

  @Test func aTimerLeftRunningFailsAtTheSendThatStartedIt() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Timer.State(), reducer: Timer.reducer(clock: clock), clock: clock)
    let line = #line + 1
    await store.send(.start) { $0.isRunning = true }
    let lines = await expectFailures(["An effect started by send(start) is still running"]) {
      await store.finish()
    }
    #expect(lines == [line])
  }

  @Test func unassertedActionsAtTheEndFail() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer.reducer(clock: TestClock()))
    await store.send(.ping)
    await expectFailures(["were not asserted before the end of the test"]) {
      await store.finish()
    }
  }
}
