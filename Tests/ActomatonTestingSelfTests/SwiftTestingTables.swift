import ActomatonTesting
import Testing

@testable import Actomaton

/// The toolkit's self-test under Swift Testing: each wrong test records exactly one issue at its
/// line; each right test records none.
@Suite struct SwiftTestingTables {
  @Test(arguments: WrongScenarios.all)
  func aWrongTestRecordsOneFailureAtItsLine(_ scenario: Scenario) async throws {
    let expected = Expected()
    let issues = Locked<[(text: String, line: Int)]>([])
    try await withKnownIssue(isIntermittent: true) {
      try await scenario.run(expected)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      issues.withLock { $0.append((text, issue.sourceLocation?.line ?? 0)) }
      return issue.sourceLocation != nil
    }
    let recorded = issues.withLock { $0 }
    #expect(recorded.map(\.line) == [expected.line], "\(recorded.map(\.text))")
  }

  @Test(arguments: RightScenarios.all)
  func aRightTestRecordsNoFailure(_ scenario: Scenario) async throws {
    try await scenario.run(Expected())
  }
}
