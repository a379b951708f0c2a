import Testing

@testable import Actomaton

/// The tests' own wait: a condition that never holds fails the test at the caller, by name,
/// instead of hanging the suite.
@Suite struct WaitUntilTests {
  @Test func aConditionThatNeverHoldsFailsAtTheCallerNamingIt() async throws {
    let issues = Locked<[Issue]>([])
    let line = #line + 2
    try await withKnownIssue {
      try await waitUntil("the flag", within: .milliseconds(1)) { false }
    } matching: { issue in
      issues.withLock { $0.append(issue) }
      return true
    }
    let recorded = issues.withLock { $0 }.filter { $0.sourceLocation?.line == line }
    #expect(recorded.first?.sourceLocation?.fileID == #fileID)
    #expect(
      recorded.first?.comments.map(\.rawValue)
        == ["waitUntil: the flag did not hold within 0.001 seconds"])
  }

  @Test func anUnnamedConditionIsNamedByWhereItWasAwaited() async throws {
    let comments = Locked<[String]>([])
    let line = #line + 2
    try await withKnownIssue {
      try await waitUntil(within: .zero) { false }
    } matching: { issue in
      comments.withLock { $0 += issue.comments.map(\.rawValue) }
      return true
    }
    #expect(
      comments.withLock { $0 }.contains {
        $0.hasPrefix("waitUntil: the condition awaited at WaitUntilTests.swift:\(line):")
      })
  }

  @Test func aConditionThatHoldsReturnsWithoutAnIssue() async throws {
    let polls = Locked(0)
    try await waitUntil {
      polls.withLock { $0 += 1 }
      return polls.withLock { $0 } == 3
    }
    #expect(polls.withLock { $0 } == 3)
  }
}
