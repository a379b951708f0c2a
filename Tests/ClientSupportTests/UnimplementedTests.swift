import AuthClient
import ClientSupport
import GitHubClient
import TestSupport
import Testing
import TodoStorage

@Suite struct UnimplementedTests {
  /// Runs `call`, expecting it to throw `error` and to fail the test with `message`.
  func expectFailure<Failure: Error & Equatable>(
    _ message: String, throwing error: Failure, _ call: () async throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await withKnownIssue {
      await #expect(throws: error, sourceLocation: sourceLocation) { try await call() }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [message]
    }
  }

  @Test func everyClientsUnimplementedEndpointsFailTheTestNamingClientAndEndpoint() async {
    await expectFailure(
      "TodoStorage.load is unimplemented in this test.",
      throwing: StorageError.unimplemented("TodoStorage.load")
    ) { _ = try await TodoStorage.unimplemented.load() }
    await expectFailure(
      "TodoStorage.save is unimplemented in this test.",
      throwing: StorageError.unimplemented("TodoStorage.save")
    ) { try await TodoStorage.unimplemented.save([]) }
    await expectFailure(
      "GitHubClient.searchRepositories is unimplemented in this test.",
      throwing: GitHubError.unimplemented("GitHubClient.searchRepositories")
    ) { _ = try await GitHubClient.unimplemented.searchRepositories(SearchQuery(text: "swift")) }
    await expectFailure(
      "AuthClient.login is unimplemented in this test.",
      throwing: AuthError.unimplemented("AuthClient.login")
    ) { _ = try await AuthClient.unimplemented.login("ann") }
    await expectFailure(
      "AuthClient.logout is unimplemented in this test.",
      throwing: AuthError.unimplemented("AuthClient.logout")
    ) { _ = try await AuthClient.unimplemented.logout() }
  }

  @Test func theErrorsSayWhichCallWasUnexpected() {
    #expect(
      StorageError.unimplemented("TodoStorage.save").description
        == "TodoStorage.save is unimplemented in this test.")
    #expect(
      GitHubError.unimplemented("GitHubClient.searchRepositories").description
        == "GitHubClient.searchRepositories is unimplemented in this test.")
    #expect(
      AuthError.unimplemented("AuthClient.login").description
        == "AuthClient.login is unimplemented in this test.")
  }
}
