import Testing

@testable import Actomaton

/// The tests' own waits: what never comes fails the test at the caller, by name, instead of
/// hanging the suite.
@Suite struct WaitingTests {
  /// Runs `body`, which must fail; returns the issues recorded at `line` of this file.
  func issues(at line: Int, _ body: () async throws -> Void) async throws -> [Issue] {
    let issues = Locked<[Issue]>([])
    try await withKnownIssue {
      try await body()
    } matching: { issue in
      issues.withLock { $0.append(issue) }
      return true
    }
    return issues.withLock { $0 }.filter {
      $0.sourceLocation?.fileID == #fileID && $0.sourceLocation?.line == line
    }
  }

  @Test func aConditionThatNeverHoldsFailsAtTheCallerNamingIt() async throws {
    let line = #line + 2
    let recorded = try await issues(at: line) {
      try await waitUntil("the flag", within: .milliseconds(1)) { false }
    }
    #expect(
      recorded.first?.comments.map(\.rawValue)
        == ["waitUntil: gave up waiting for the flag after 0.001 seconds"])
  }

  @Test func anUnnamedConditionIsNamedByWhereItWasAwaited() async throws {
    let line = #line + 2
    let recorded = try await issues(at: line) {
      try await waitUntil(within: .zero) { false }
    }
    let comment = recorded.first?.comments.first?.rawValue ?? ""
    #expect(comment.hasPrefix("waitUntil: gave up waiting for the condition awaited at "))
    #expect(comment.contains("WaitingTests.swift:\(line):"))
  }

  @Test func aConditionThatHoldsReturnsWithoutAnIssue() async throws {
    let polls = Locked(0)
    try await waitUntil {
      polls.withLock { $0 += 1 }
      return polls.withLock { $0 } == 3
    }
    #expect(polls.withLock { $0 } == 3)
  }

  @Test func eventsThatNeverComeFailTheWaitOnAProbe() async throws {
    let probe = Probe<Int>()
    await probe.record(1)
    try await probe.reach(1, within: .milliseconds(1))
    let line = #line + 2
    let recorded = try await issues(at: line) {
      try await probe.reach(2, within: .milliseconds(1))
    }
    #expect(
      recorded.first?.comments.map(\.rawValue)
        == ["Probe: gave up waiting for 2 event(s) after 0.001 seconds"])
    await probe.record(2)  // the wait left behind ends
  }

  @Test func aTaskThatNeverEndsIsCancelledAndFailsTheWait() async throws {
    let gate = Gate()
    let task = Task { try await gate.wait() }
    let line = #line + 2
    let recorded = try await issues(at: line) {
      try await task.waitOrCancel(within: .milliseconds(1))
    }
    #expect(recorded.count == 1)
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
