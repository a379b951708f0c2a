import Actomaton
import Foundation

/// The first line of every recording: what it is, which format, which app.
public struct RecordingHeader: Sendable, Codable, Equatable {
  /// The format this module writes; a recording of a newer one is refused.
  public static let currentVersion = 1

  /// Always `"actomaton-recording"`.
  public var format = "actomaton-recording"
  /// The format's version.
  public var version: Int
  /// The recorded action type, as `String(reflecting:)` names it.
  public var actionType: String
  /// The recorded state type, as `String(reflecting:)` names it.
  public var stateType: String
  /// A state checkpoint follows every this many entries.
  public var checkpointEvery: Int

  /// The header of a recording of `Action` and `State`, in the current format, with a state
  /// checkpoint every `checkpointEvery` entries.
  public init<Action, State>(_: Action.Type, _: State.Type, checkpointEvery: Int) {
    version = Self.currentVersion
    actionType = String(reflecting: Action.self)
    stateType = String(reflecting: State.self)
    self.checkpointEvery = checkpointEvery
  }
}

/// One line of a recording's JSON Lines text.
///
/// ```
/// {"kind":"header","header":{...},"state":{...}}        the first state
/// {"kind":"entry","index":0,"time":0.25,"origin":"send","action":{...}}
/// {"kind":"restore","index":7,"time":3.5,"state":{...}}
/// {"kind":"checkpoint","index":99,"state":{...}}        the state after entry 99
/// {"kind":"note","before":12,"text":"add milk"}          a host's annotation
/// {"kind":"input","before":12,"text":"id","value":"\"6A1F…\""}  what the environment gave entry 12
/// {"kind":"trailer","entries":120,"lost":0}
/// ```
public enum RecordLine<Action: Codable & Sendable, State: Codable & Sendable>: Sendable, Codable {
  // NOTE: the cases holding a state, or a value of any type, are indirect, so that a line waiting
  // for the writer is as large as an entry (40 bytes in the benchmark's R2, against 88 with
  // `input` inline, and the whole state with `checkpoint` inline): a recorded send writes its line
  // into fresh memory while the writer is behind, and that cost grows with the line.
  /// What the recording is, and the first state.
  indirect case header(RecordingHeader, initialState: State)
  /// An action reduced, or a state restored.
  case entry(RecordedEntry<Action, State>)
  /// The state after the entry at `index` (`-1`: before the first).
  indirect case checkpoint(index: Int, state: State)
  /// A host's text about what comes next (the REPL's command line), before entry `before`.
  case note(before: Int, text: String)
  /// A value a function of the environment returned to the reducer (an id, a random number)
  /// while it reduced the entry at `before`, so that a replay can hand it back.
  indirect case input(before: Int, name: String, value: RecordedInput)
  /// The end: how many entries there were, and how many the writer lost by falling behind.
  case trailer(entries: Int, lost: Int)

  private enum Key: String, CodingKey {
    case kind, header, state, index, time, origin, action, before, text, entries, lost, value
  }

  /// Writes the line as one JSON object.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws for the action or the state, or for an input's value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case let .header(header, state):
      try container.encode("header", forKey: .kind)
      try container.encode(header, forKey: .header)
      try container.encode(state, forKey: .state)
    case let .entry(entry):
      try container.encode(entry.index, forKey: .index)
      try container.encode(
        Double(entry.time.components.seconds) + Double(entry.time.components.attoseconds) / 1e18,
        forKey: .time)
      switch entry.event {
      case let .action(action, origin):
        try container.encode("entry", forKey: .kind)
        try container.encode(origin.recordedName, forKey: .origin)
        try container.encode(action, forKey: .action)
      case let .restore(state):
        try container.encode("restore", forKey: .kind)
        try container.encode(state, forKey: .state)
      }
    case let .checkpoint(index, state):
      try container.encode("checkpoint", forKey: .kind)
      try container.encode(index, forKey: .index)
      try container.encode(state, forKey: .state)
    case let .note(before, text):
      try container.encode("note", forKey: .kind)
      try container.encode(before, forKey: .before)
      try container.encode(text, forKey: .text)
    case let .input(before, name, value):
      try container.encode("input", forKey: .kind)
      try container.encode(before, forKey: .before)
      try container.encode(name, forKey: .text)
      try container.encode(try value.json(), forKey: .value)
    case let .trailer(entries, lost):
      try container.encode("trailer", forKey: .kind)
      try container.encode(entries, forKey: .entries)
      try container.encode(lost, forKey: .lost)
    }
  }

  /// Reads one line; throws when a field is missing or of the wrong type.
  ///
  /// - Parameter decoder: The decoder holding one JSON object.
  /// - Throws: `DecodingError` when a field is missing or of the wrong type, the `kind` or the
  ///   `origin` is unknown, or a `time` is not a time since the start.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "header":
      self = .header(
        try container.decode(RecordingHeader.self, forKey: .header),
        initialState: try container.decode(State.self, forKey: .state))
    case "entry", "restore":
      let index = try container.decode(Int.self, forKey: .index)
      let seconds = try container.decode(Double.self, forKey: .time)
      guard seconds.isFinite, seconds >= 0, seconds < 1e15 else {
        throw DecodingError.dataCorruptedError(
          forKey: .time, in: container,
          debugDescription: "time \(seconds) is not a time since the start")
      }
      let event: RecordedEntry<Action, State>.Event
      if kind == "restore" {
        event = .restore(try container.decode(State.self, forKey: .state))
      } else {
        let name = try container.decode(String.self, forKey: .origin)
        guard let origin = ActionOrigin(recordedName: name) else {
          throw DecodingError.dataCorruptedError(
            forKey: .origin, in: container,
            debugDescription: "origin '\(name)' is not send, nextAction, feedback or binding")
        }
        event = .action(try container.decode(Action.self, forKey: .action), origin)
      }
      self = .entry(RecordedEntry(index: index, time: .seconds(seconds), event: event))
    case "checkpoint":
      self = .checkpoint(
        index: try container.decode(Int.self, forKey: .index),
        state: try container.decode(State.self, forKey: .state))
    case "note":
      self = .note(
        before: try container.decode(Int.self, forKey: .before),
        text: try container.decode(String.self, forKey: .text))
    case "input":
      self = .input(
        before: try container.decode(Int.self, forKey: .before),
        name: try container.decode(String.self, forKey: .text),
        value: RecordedInput(json: try container.decode(String.self, forKey: .value)))
    case "trailer":
      self = .trailer(
        entries: try container.decode(Int.self, forKey: .entries),
        lost: try container.decode(Int.self, forKey: .lost))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container,
        debugDescription:
          "kind '\(kind)' is not header, entry, restore, checkpoint, note or trailer")
    }
  }
}

/// A value the environment gave the reducer, kept as it was given until the writer encodes it,
/// and as JSON text once read back.
public struct RecordedInput: Sendable {
  private let value: (any Encodable & Sendable)?
  private let text: String?

  init(_ value: any Encodable & Sendable) {
    self.value = value
    text = nil
  }

  init(json: String) {
    value = nil
    text = json
  }

  /// The value as JSON text.
  func json() throws -> String {
    if let text { return text }
    return String(decoding: try JSONEncoder.recording.encode(value!), as: UTF8.self)
  }

  /// The value read back as a `Value`.
  ///
  /// - Parameter as: The type to decode the value as.
  /// - Returns: The value.
  /// - Throws: `DecodingError` when the value is not a `Value`; `EncodingError` when a value
  ///   recorded in this process cannot be encoded.
  public func decoded<Value: Decodable>(as _: Value.Type) throws -> Value {
    try JSONDecoder.recording.decode(Value.self, from: Data(try json().utf8))
  }
}

extension JSONEncoder {
  /// Sorted keys, and non-finite numbers as strings (JSON has none).
  static var recording: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }
}

extension JSONDecoder {
  /// Reads what ``JSONEncoder/recording`` writes.
  static var recording: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    return decoder
  }
}

extension RecordLine {
  var kind: EncodedLine.Kind {
    switch self {
    case .header: .header
    case let .entry(entry): .entry(entry.index)
    case let .checkpoint(index, _): .checkpoint(index)
    case .note: .note
    case .input: .input
    case .trailer: .trailer
    }
  }
}
