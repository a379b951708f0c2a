import AuthClient
import GitHubClient
import Testing
import TodoStorage
import XCTest

// NOTE: nothing here installs a reporter: a host's tests link ActomatonTesting and no more, and
// a call to an `.unimplemented` client must still fail the test that made it.

@Suite struct UnimplementedHostTests {
  @Test func aCallFailsTheRunningSwiftTestingTestWithNothingInstalled() async {
    await withKnownIssue {
      await #expect(throws: StorageError.unimplemented("TodoStorage.load")) {
        _ = try await TodoStorage.unimplemented.load()
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["TodoStorage.load is unimplemented in this test."]
    }
  }

  @Test func aCallFromAnotherTaskFailsTheTestThatStartedIt() async {
    await withKnownIssue {
      let task = Task { try await AuthClient.unimplemented.logout() }
      _ = await task.result
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["AuthClient.logout is unimplemented in this test."]
    }
  }
}

final class UnimplementedXCTestTests: XCTestCase {
  private var failures: [String] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    failures.append(description)
  }

  func testACallFailsTheRunningXCTestWithNothingInstalled() async {
    do {
      _ = try await GitHubClient.unimplemented.searchRepositories(SearchQuery(text: "swift"))
    } catch {
      failures.append("threw \(error)")
    }
    let message = "GitHubClient.searchRepositories is unimplemented in this test."
    let reported = failures.count == 2 && failures[0].hasSuffix(message)
    if !reported || failures[1] != "threw \(message)" {
      super.recordFailure(
        withDescription: "recorded \(failures)", inFile: #filePath, atLine: #line, expected: true)
    }
  }
}
