import Actomaton
import Foundation
import Locking

/// A recording read back: the first state, every entry in order, the checkpoints and the notes.
///
/// Read one with ``init(jsonLines:)``, replay it with ``replay(through:environment:step:)``.
public struct Recording<Action: Codable & Sendable, State: Codable & Sendable>: Sendable {
  /// A host's annotation, before the entry at `before`.
  public struct Note: Sendable, Equatable {
    /// The index of the entry the note comes before.
    public var before: Int
    /// The text, as the host gave it (the REPL's command line).
    public var text: String
  }

  /// What the recording is.
  public var header: RecordingHeader
  /// The state before the first entry.
  public var initialState: State
  /// The entries, with consecutive indices.
  public var entries: [RecordedEntry<Action, State>] = []
  /// The state after the entry at each index that has a checkpoint.
  public var checkpoints: [Int: State] = [:]
  /// The host's notes, in order.
  public var notes: [Note] = []
  /// What the environment gave the reducer, in order, each with the entry it was given to.
  public var inputs: [(before: Int, name: String, value: RecordedInput)] = []
  /// How many entries the writer lost by falling behind; `nil` when the recording has no
  /// trailer (the program ended without closing it).
  public var lost: Int?
  /// The first line that could not be read, if any: nothing after it was kept.
  public var damage: RecordingDamage?

  /// A recording with no entries yet.
  ///
  /// - Parameters:
  ///   - header: What the recording is.
  ///   - initialState: The state before the first entry.
  public init(header: RecordingHeader, initialState: State) {
    self.header = header
    self.initialState = initialState
  }

  /// Reads a recording from its JSON Lines text.
  ///
  /// - Parameter data: The text, one JSON object on each line, as a ``Recorder`` wrote it
  ///   (a whole file, or ``RingSink/jsonLines()``).
  /// - Throws: ``RecordingError`` when the first line is not a header of this app's recordings
  ///   in a format this module reads. A bad line after it does not throw: the entries before it
  ///   are kept and ``damage`` names the line.
  public init(jsonLines data: Data) throws(RecordingError) {
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first else { throw .noHeader("the recording is empty") }
    let decoder = JSONDecoder.recording
    // NOTE: the header alone first: another app's first state does not decode as this app's,
    // and what to say then is whose recording it is.
    if let header = try? decoder.decode(HeaderLine.self, from: Data(first)).header,
      header.format == "actomaton-recording"
    {
      guard header.version <= RecordingHeader.currentVersion else {
        throw .newerVersion(header.version)
      }
      let mine = RecordingHeader(Action.self, State.self, checkpointEvery: 1)
      guard header.actionType == mine.actionType, header.stateType == mine.stateType else {
        throw .otherApp(
          recorded: "\(header.actionType), \(header.stateType)",
          expected: "\(mine.actionType), \(mine.stateType)")
      }
    }
    let head: RecordLine<Action, State>
    do {
      head = try decoder.decode(RecordLine<Action, State>.self, from: Data(first))
    } catch {
      throw .noHeader("line 1 is not a recording's header: \(describe(error))")
    }
    guard case let .header(header, state) = head, header.format == "actomaton-recording" else {
      throw .noHeader("line 1 is not a recording's header")
    }
    self.init(header: header, initialState: state)
    for (offset, line) in lines.dropFirst().enumerated() {
      let number = offset + 2
      do {
        try add(try decoder.decode(RecordLine<Action, State>.self, from: Data(line)))
      } catch let problem as RecordingDamage {
        damage = RecordingDamage(line: number, problem: problem.problem)
        return
      } catch {
        damage = RecordingDamage(line: number, problem: describe(error))
        return
      }
    }
  }

  /// Adds a line after the header.
  mutating func add(_ line: RecordLine<Action, State>) throws(RecordingDamage) {
    if lost != nil {
      throw RecordingDamage(line: 0, problem: "a line after the trailer, which ends a recording")
    }
    let expected = (entries.last?.index).map { $0 + 1 }
    switch line {
    case .header:
      throw RecordingDamage(line: 0, problem: "a second header; expected an entry")
    case let .entry(entry):
      // NOTE: an entry's index and the one after it must both be Ints, so that no reader of the
      // recording (the next index expected, the trailer's count, a replay's end) can overflow.
      guard entry.index >= 0, entry.index < Int.max else {
        throw RecordingDamage(
          line: 0,
          problem: "entry index \(entry.index) is out of range; expected 0 to \(Int.max - 1)")
      }
      if let expected, entry.index != expected {
        throw RecordingDamage(
          line: 0, problem: "entry \(entry.index) where entry \(expected) was expected")
      }
      if expected == nil, entry.index != 0, checkpoints[entry.index - 1] == nil {
        throw RecordingDamage(
          line: 0,
          problem:
            "entry \(entry.index) comes first without a checkpoint before it; expected entry 0")
      }
      entries.append(entry)
    case let .checkpoint(index, state):
      checkpoints[index] = state
      if entries.isEmpty, index >= 0 { initialState = state }
    case let .note(before, text):
      notes.append(Note(before: before, text: text))
    case let .input(before, name, value):
      inputs.append((before, name, value))
    case let .trailer(count, lost):
      // NOTE: with nothing lost, the trailer's count is a check on the whole file: lines cut
      // out of it, or entries added, are named here rather than replayed as if it were whole.
      guard count >= 0, lost >= 0 else {
        throw RecordingDamage(
          line: 0,
          problem: "the trailer counts \(count) entries and \(lost) lost; expected 0 or more")
      }
      let held = (entries.last?.index ?? -1) + 1
      if lost == 0, count != held {
        throw RecordingDamage(
          line: 0,
          problem: "the trailer counts \(count) entries, but the recording holds \(held); "
            + "lines are missing or were added")
      }
      self.lost = lost
    }
  }

  /// The inputs recorded under `name`, in the order the reducer asked for them, as a function
  /// that hands out the next one each time it is called: give it to the replay's environment
  /// in place of the live function (an id maker, a clock's `now`). Past the last one, or for
  /// an input that is not a `Value`, it returns `fallback()`.
  ///
  /// - Parameters:
  ///   - name: The name the values were recorded under
  ///     (``Recorder/recordingInputs(named:of:)``).
  ///   - as: The type of the values; inferred from `fallback` when left out.
  ///   - fallback: The value to hand out when the recorded ones run out or cannot be read.
  /// - Returns: A function that hands out the recorded values one by one, then `fallback()`.
  public func replayedInputs<Value: Decodable & Sendable>(
    named name: String, as _: Value.Type = Value.self,
    otherwise fallback: @escaping @Sendable () -> Value
  ) -> @Sendable () -> Value {
    let named = inputs.filter { $0.name == name }
    let queue = Locked(named.compactMap { try? $0.value.decoded(as: Value.self) }[...])
    return { queue.withLock { $0.popFirst() } ?? fallback() }
  }

  /// The index of the first entry (not 0 for the tail a ring keeps).
  public var startIndex: Int { entries.first?.index ?? 0 }
}

/// The first line of a recording that could not be read.
public struct RecordingDamage: Error, Sendable, Equatable, CustomStringConvertible {
  /// The line's number, from 1.
  public var line: Int
  /// What was wrong and what was expected.
  public var problem: String

  /// A damaged line and what was wrong with it.
  ///
  /// - Parameters:
  ///   - line: The line's number, from 1.
  ///   - problem: What was wrong and what was expected.
  public init(line: Int, problem: String) {
    self.line = line
    self.problem = problem
  }

  /// `line 7: ...`.
  public var description: String { "line \(line): \(problem)" }
}

/// Why a recording cannot be read at all.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(String)
  /// The first line is not a recording's header.
  case noHeader(String)
  /// The recording is of a newer format than this program reads.
  case newerVersion(Int)
  /// The recording is of another app: its action and state types differ.
  case otherApp(recorded: String, expected: String)

  /// What was wrong, and what was expected.
  public var description: String {
    switch self {
    case let .unreadable(reason): "cannot read the recording: \(reason)"
    case let .noHeader(reason): "not a recording: \(reason)"
    case let .newerVersion(version):
      "the recording is of format version \(version); this program reads versions up to "
        + "\(RecordingHeader.currentVersion)"
    case let .otherApp(recorded, expected):
      "the recording is of another app (\(recorded)); expected one of \(expected)"
    }
  }
}

/// A decoding error in one short sentence: where, and what was expected.
func describe(_ error: any Error) -> String {
  func path(_ keys: [any CodingKey]) -> String {
    keys.isEmpty
      ? "the line"
      : "'"
        + keys.map { $0.intValue.map(String.init) ?? $0.stringValue }
        .joined(separator: ".") + "'"
  }
  switch error {
  case let DecodingError.keyNotFound(key, context):
    return "\(path(context.codingPath + [key])) is missing"
  case let DecodingError.typeMismatch(type, context):
    return "\(path(context.codingPath)) is not of type \(type)"
  case let DecodingError.valueNotFound(type, context):
    return "\(path(context.codingPath)) is null; expected a value of type \(type)"
  case let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty:
    return "not JSON (truncated or corrupt); expected one JSON object on each line"
  case let DecodingError.dataCorrupted(context):
    return context.debugDescription
  default:
    return "\(error)"
  }
}

/// A header line's header, read without its state.
private struct HeaderLine: Decodable {
  let header: RecordingHeader
}
