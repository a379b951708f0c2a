import ActomatonTesting
import ClientSupport
import Testing

/// The listing of "One client overridden" in the article "Testing": a host's own client and its
/// `.unimplemented`, built as the package's clients build theirs.
enum NotifierError: UnimplementedFailure {
  case unimplemented(String)
}

struct Notifier: Sendable {
  var notify: @Sendable (String) async throws(NotifierError) -> Void

  static let unimplemented = Notifier(notify: Unimplemented.endpoint("Notifier.notify"))
}

@Suite struct ClientExamples {
  @Test func aCallToAnUnimplementedEndpointFailsTheTestAndThrows() async {
    await withKnownIssue {
      await #expect(throws: NotifierError.self) {
        try await Notifier.unimplemented.notify("Time is up")
      }
    }
  }
}
