import XCTest

@testable import Actomaton

/// The toolkit's self-test under XCTest: each wrong test records exactly one failure at its line;
/// each right test records none.
///
/// NOTE: `XCTExpectFailure` does not exist in swift-corelibs-xctest (Linux). The failures are
/// caught where every XCTest failure goes, `recordFailure(withDescription:inFile:atLine:expected:)`,
/// which a test case may override on Linux and macOS alike: while a scenario runs, this case
/// keeps the failures instead of passing them on, then checks them with its own assertions.
final class XCTestTables: XCTestCase {
  private let captured = Locked<[(text: String, line: Int)]?>(nil)

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      let line = issue.sourceCodeContext.location?.lineNumber ?? 0
      if !capture(issue.compactDescription, line: line) { super.record(issue) }
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      if !capture(description, line: lineNumber) {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    }
  #endif

  private func capture(_ text: String, line: Int) -> Bool {
    captured.withLock { captured in
      guard captured != nil else { return false }
      captured!.append((text, line))
      return true
    }
  }

  /// Runs `scenario`, returning the failures it recorded.
  private func failures(of scenario: Scenario, _ expected: Expected) async throws -> [(
    text: String, line: Int
  )] {
    captured.withLock { $0 = [] }
    defer { captured.withLock { $0 = nil } }
    try await scenario.run(expected)
    return captured.withLock { $0 ?? [] }
  }

  func testAWrongTestRecordsOneFailureAtItsLine() async throws {
    for scenario in WrongScenarios.all {
      let expected = Expected()
      let recorded = try await failures(of: scenario, expected)
      XCTAssertEqual(
        recorded.map(\.line), [expected.line], "\(scenario): \(recorded.map(\.text))")
    }
  }

  // NOTE: XCTest's current test is the process's, so a store made in a detached task, which has
  // no Swift Testing test either, still fails the test that runs.
  func testADetachedStoresWrongExpectationFailsTheRunningTest() async {
    captured.withLock { $0 = [] }
    defer { captured.withLock { $0 = nil } }
    let line = await Task.detached {
      let (store, _) = Shelf.store()
      await store.send(.set(.count(1))) { $0.count = 2 }
      return #line - 1
    }.value
    let recorded = captured.withLock { $0 ?? [] }
    XCTAssertEqual(recorded.map(\.line), [line], "\(recorded.map(\.text))")
  }

  func testARightTestRecordsNoFailure() async throws {
    for scenario in RightScenarios.all {
      let recorded = try await failures(of: scenario, Expected())
      XCTAssertEqual(recorded.map(\.text), [], "\(scenario)")
    }
  }
}
