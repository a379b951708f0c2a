import ActomatonRecording
import Foundation

/// Replays a recording as a test: every checkpoint is an assertion, and the first one missed
/// fails the test at the caller's line with the entry and the fields that differ.
///
/// ```swift
/// @Test func theBugReportReplays() throws {
///   let recording = try Recording<App.Action, App.State>(
///     jsonLines: Data(contentsOf: fixture("bug-1234.jsonl")))
///   expectReplay(recording, through: App.reducer, environment: .failing)
/// }
/// ```
///
/// A damaged recording (a line that cannot be read) fails the test too, naming the line.
///
/// - Parameters:
///   - recording: The recording, from a file or a `Recorder`.
///   - reducer: The reducer to replay it through.
///   - environment: Its environment; no effect runs, so one whose clients fail is right.
///   - location: Where the failure is reported; the caller's line by default.
/// - Returns: What the replay did, for further checks.
@discardableResult
public func expectReplay<Action, State: Equatable, Environment>(
  _ recording: Recording<Action, State>, through reducer: Reducer<Action, State, Environment>,
  environment: Environment, at location: TestSourceLocation = TestSourceLocation()
) -> ReplayOutcome<State> {
  let outcome = recording.replay(through: reducer, environment: environment)
  if let divergence = outcome.divergence {
    reportFailure("The replay diverged: \(divergence)", at: location)
  } else if let damage = recording.damage {
    reportFailure(
      "The recording is damaged at \(damage); \(outcome.replayed) entries were replayed",
      at: location)
  }
  return outcome
}
