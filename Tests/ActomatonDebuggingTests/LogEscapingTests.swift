import ActomatonDebugging
import Testing

@testable import Actomaton

/// The debug log: text from outside the program must not reach the terminal raw.
@Suite struct LogEscapingTests {
  struct State: Sendable, Equatable {
    var name = ""
    var rest: Substring = ""
    var names: [String: Int] = [:]
  }

  enum Action: Sendable {
    case receive(String)
  }

  struct Lookup: EffectIDProtocol {
    let query: String
  }

  static let reducer = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case let .receive(text):
      state.name = text
      state.rest = text.dropFirst(0)
      state.names[text] = 1
      return .fireAndForget(id: Lookup(query: text)) {}
    }
  }

  static let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J"

  /// Holds up for `String`s (quoted by the one rule for outside text), dictionary keys and effect
  /// ids.
  @Test func stringsKeysAndIDsAreEscaped() async throws {
    let log = Locked<[String]>([])
    let actomaton = Actomaton(
      state: State(), reducer: Self.reducer,
      observer: .debug(to: { entry in log.withLock { $0.append(entry) } }, effects: true))
    try await actomaton.send(.receive(Self.hostile))?.value
    let lines = log.withLock { $0 }.joined(separator: "\n").split(separator: "\n")
    for line in lines where !line.contains(".rest") {
      #expect(!line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(line)")
    }
  }

  // NOTE: suspected defect (low): `StateDiff.describe` escapes only values whose type is exactly
  // `String`; a `Substring` (or `Character`, or any `CustomStringConvertible`) field goes out
  // through `String(describing:)` raw, escape sequences included.
  @Test func aSubstringFieldIsEscapedToo() async throws {
    let log = Locked<[String]>([])
    let actomaton = Actomaton(
      state: State(), reducer: Self.reducer,
      observer: .debug(to: { entry in log.withLock { $0.append(entry) } }))
    await actomaton.send(.receive(Self.hostile))
    let text = log.withLock { $0 }.joined(separator: "\n")
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
  }
}
