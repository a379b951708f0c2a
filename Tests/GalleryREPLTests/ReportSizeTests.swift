import ActomatonRecording
import ActomatonTesting
import AppRoot
import Foundation
import Testing

@testable import ActomatonREPL
@testable import GalleryApp

/// `report` of a session whose states are large (a long list, saved after each change): the
/// report stays under its limit, so `--replay` reads it, and says that it holds fewer actions.
@Suite struct ReportSizeTests {
  // NOTE: with 100,000 items and 60 toggles a report was 307 MiB, which `--replay` refuses.
  @Test func aReportOfLargeStatesStaysUnderItsLimitAndReplays() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("report-size-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("gallery/last-session.jsonl")
    let limit = 1 << 20
    let harness = Harness(recording: SessionRecording(reportURL: url, reportLimit: limit))
    let text = String(repeating: "x", count: 900)
    let adds = (1...100).map { "add \($0) \(text)" }.joined(separator: "\n")
    let transcript = await harness.run("todo\n\(adds)\ntoggle 1\nwait 1\nreport", finish: false)
    #expect(
      transcript.contains("(the earlier ones would pass 1 MiB, the most a report holds) to "),
      "\(transcript.suffix(300))")
    let data = try Data(contentsOf: url)
    #expect(data.count <= limit)
    let recording = try Recording<Root.Action, Root.State>(jsonLines: data)
    let outcome = recording.replay(
      through: Root.reducer, environment: Harness.environment(clock: TestClock()))
    #expect(outcome.isFaithful)
    #expect(outcome.state.todo.items.count == 100)
    #expect(outcome.state.todo.items.first?.isCompleted == true)
    let console = BufferConsole(isInteractive: false, usesColor: false)
    #expect(Replayer.run(url, console: console) == 0, "\(console.text.suffix(300))")
  }

  /// A state past what a report keeps a line of (a stopwatch's 140 laps) has no checkpoint to
  /// end a report with: none is written, where one would replay checking no state (tampered, it
  /// passed).
  @Test func aStateTooLongForALineWritesNoReport() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("report-line-\(UUID().uuidString)/last-session.jsonl")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let harness = Harness(recording: SessionRecording(reportURL: url, reportLimit: 20 << 10))
    let laps = Array(repeating: "lap", count: 140).joined(separator: "\n")
    let transcript = await harness.run("stopwatch\nstart\n\(laps)\nreport", finish: false)
    #expect(transcript.hasSuffix("nothing was written.\n"), "\(transcript.suffix(300))")
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func theLimitIsUnderWhatReplayReads() {
    #expect(SessionRecording.reportLimit * 2 <= Replayer.maxBytes)
  }
}
