import ActomatonTesting
import ChildTest
import Testing

/// A store made in a `Task.detached` has no test to report to: its wrong expectation must still
/// fail the run. Such a failure belongs to no test, so no `withKnownIssue` can hold it: the run
/// is watched from outside, in a child process.
@Suite struct NoCurrentTestTables {
  /// In the child: a store made and stepped in a detached task, wrong or right as instructed.
  @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
  func childStepsADetachedStore() async {
    let isWrong = ChildTest.instruction == "wrong"
    await Task.detached {
      let (store, _) = Shelf.store()
      await store.send(.set(.count(1))) { $0.count = isWrong ? 2 : 1 }
    }.value
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func aDetachedStoresWrongExpectationFailsTheRun() async throws {
    let child = try await ChildTest.run("childStepsADetachedStore", instruction: "wrong")
    #expect(child.status != 0, "\(child.output)")
    #expect(child.output.contains("differs from the expectation"), "\(child.output)")
    #expect(child.output.contains("no test to report to"), "\(child.output)")
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func aDetachedStoresRightExpectationPasses() async throws {
    let child = try await ChildTest.run("childStepsADetachedStore", instruction: "right")
    #expect(child.status == 0, "\(child.output)")
    #expect(child.output.contains("childStepsADetachedStore() passed"), "\(child.output)")
  }
}
