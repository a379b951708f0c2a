import ActomatonRecording
import ActomatonTesting
import Foundation
import TestTraits
import Testing

/// Recordings that are cut, corrupt, newer, or of another app: a clear message, never a crash.
@Suite(.hangGuard)
struct BadRecordingTests {
  typealias TallyRecording = Recording<Tally.Action, Tally.State>

  @Test func aTruncatedLineIsNamedAndNothingPastItIsReplayed() async throws {
    let (sink, _) = try await RecordReplayTests.record(every: 100)
    let data = sink.jsonLines
    let cut = String(line(5, of: data).dropLast(4))
    let recording = try TallyRecording(jsonLines: replacing(line: 5, in: data, with: cut))
    #expect(recording.damage?.line == 5)
    #expect(
      recording.damage?.problem
        == "not JSON (truncated or corrupt); expected one JSON object on each line")
    #expect(recording.entries.count == 2)
    let outcome = recording.replay(through: Tally.reducer, environment: ())
    #expect(outcome.replayed == 2)
    #expect(!outcome.isFaithful)
  }

  /// The trailer ends a recording and counts its entries: lines cut out before it, or added
  /// after it, are named (both were replayed as if the file were whole).
  @Test func aTrailerThatDoesNotMatchOrLinesAfterItAreNamed() async throws {
    let (sink, _) = try await RecordReplayTests.record(every: 100)
    let data = sink.jsonLines
    let count = data.split(separator: UInt8(ascii: "\n")).count
    let trailer = line(count, of: data)
    let entry = line(3, of: data)
    var cut = (1..<count).filter { $0 != count - 2 }.map { line($0, of: data) }
    cut.append(trailer)
    let missing = try TallyRecording(jsonLines: Data(cut.joined(separator: "\n").utf8))
    #expect(missing.damage?.line == count - 1)
    #expect(missing.damage?.problem.contains("the trailer counts") == true)
    let after = try TallyRecording(jsonLines: data + Data((entry + "\n").utf8))
    #expect(
      after.damage
        == RecordingDamage(
          line: count + 1, problem: "a line after the trailer, which ends a recording"))
    let blankLines = try TallyRecording(jsonLines: data + Data("\n\n".utf8))
    #expect(blankLines.damage == nil, "blank lines at the end are no damage")
  }

  @Test func aLineWithAMissingFieldSaysWhichField() throws {
    let data = Data(
      """
      \(header())
      {"kind":"entry","index":0,"origin":"send","action":{"increment":{}}}
      """.utf8)
    let recording = try TallyRecording(jsonLines: data)
    #expect(recording.damage == RecordingDamage(line: 2, problem: "'time' is missing"))
  }

  @Test func aValueOfTheWrongTypeNamesTheTypeExpected() throws {
    let data = Data(
      """
      \(header())
      {"kind":"entry","index":0,"time":"soon","origin":"send","action":{"increment":{}}}
      """.utf8)
    let recording = try TallyRecording(jsonLines: data)
    #expect(recording.damage == RecordingDamage(line: 2, problem: "'time' is not of type Double"))
  }

  @Test func anUnknownOriginOrKindIsNamedWithWhatWasExpected() throws {
    let data = Data(
      """
      \(header())
      {"kind":"entry","index":0,"time":0,"origin":"telepathy","action":{"increment":{}}}
      """.utf8)
    let damage = try #require(try TallyRecording(jsonLines: data).damage)
    #expect(damage.line == 2)
    #expect(
      damage.problem.contains("origin 'telepathy' is not send, nextAction, feedback or binding"))
    let kind = Data("\(header())\n{\"kind\":\"mystery\"}\n".utf8)
    #expect(
      try TallyRecording(jsonLines: kind).damage?.problem.contains("kind 'mystery' is not") == true)
  }

  @Test func aMissingEntryIsNamed() throws {
    let data = Data(
      """
      \(header())
      {"kind":"entry","index":0,"time":0,"origin":"send","action":{"increment":{}}}
      {"kind":"entry","index":2,"time":0,"origin":"send","action":{"increment":{}}}
      """.utf8)
    let recording = try TallyRecording(jsonLines: data)
    #expect(
      recording.damage == RecordingDamage(line: 3, problem: "entry 2 where entry 1 was expected"))
    #expect(recording.entries.count == 1)
  }

  /// Indices at the ends of `Int` are damage with their line: an entry at `Int.min` first, or
  /// one at `Int.max` after a checkpoint, trapped on the index before or after it.
  @Test func anEntryIndexAtTheEndsOfIntIsNamed() throws {
    let increment = #""time":0,"origin":"send","action":{"increment":{}}}"#
    let first = try TallyRecording(
      jsonLines: Data("\(header())\n{\"kind\":\"entry\",\"index\":\(Int.min),\(increment)\n".utf8))
    #expect(
      first.damage
        == RecordingDamage(
          line: 2,
          problem: "entry index \(Int.min) is out of range; expected 0 to \(Int.max - 1)"))
    #expect(first.entries.isEmpty)
    let state = #"{"count":0,"fetched":[]}"#
    let last = try TallyRecording(
      jsonLines: Data(
        """
        \(header())
        {"kind":"checkpoint","index":\(Int.max - 1),"state":\(state)}
        {"kind":"entry","index":\(Int.max),\(increment)
        {"kind":"trailer","entries":\(Int.max),"lost":0}
        """.utf8))
    #expect(last.damage?.line == 3)
    #expect(last.damage?.problem.hasPrefix("entry index \(Int.max) is out of range") == true)
    #expect(last.replay(through: Tally.reducer, environment: ()).replayed == 0)
    let negative = try TallyRecording(
      jsonLines: Data("\(header())\n{\"kind\":\"trailer\",\"entries\":0,\"lost\":-3}\n".utf8))
    #expect(
      negative.damage
        == RecordingDamage(
          line: 2, problem: "the trailer counts 0 entries and -3 lost; expected 0 or more"))
  }

  @Test func aNewerFormatIsRefused() {
    let data = Data(header(version: 99).utf8)
    #expect(throws: RecordingError.newerVersion(99)) { try TallyRecording(jsonLines: data) }
    #expect(
      RecordingError.newerVersion(99).description
        == "the recording is of format version 99; this program reads versions up to 1")
  }

  @Test func aRecordingOfAnotherAppIsRefusedNamingBothTypes() throws {
    // NOTE: its first state is not Tally's either: the types are compared before it is read.
    let other = Data(header(action: "Other.Action").replacing("\"count\":0,", with: "").utf8)
    let error = try #require(throws: RecordingError.self) { try TallyRecording(jsonLines: other) }
    #expect(error.description.contains("of another app (Other.Action, "))
    #expect(error.description.contains("expected one of \(String(reflecting: Tally.Action.self))"))
  }

  @Test func emptyOrHeaderlessTextIsNotARecording() {
    #expect(throws: RecordingError.noHeader("the recording is empty")) {
      try TallyRecording(jsonLines: Data())
    }
    let error = #expect(throws: RecordingError.self) {
      try TallyRecording(jsonLines: Data("hello\n".utf8))
    }
    #expect(
      error?.description.hasPrefix("not a recording: line 1 is not a recording's header") == true)
  }

  /// A header line of `Tally`'s recordings, with a first state.
  func header(version: Int = 1, action: String? = nil) -> String {
    let actionType = action ?? String(reflecting: Tally.Action.self)
    let stateType = String(reflecting: Tally.State.self)
    return
      #"{"header":{"actionType":"\#(actionType)","checkpointEvery":100,"format":"actomaton-recording","#
      + #""stateType":"\#(stateType)","version":\#(version)},"kind":"header","state":{"count":0,"fetched":[]}}"#
  }
}
