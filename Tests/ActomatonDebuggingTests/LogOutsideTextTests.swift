import ActomatonDebugging
import Testing

@testable import Actomaton

/// The debug log prints what it is given by the one rule for text from outside: effect events
/// (a server's error text) and state values alike show no raw control or disguising character.
@Suite struct LogOutsideTextTests {
  struct ServerError: Error, CustomStringConvertible {
    var description: String
  }

  enum Action: Sendable {
    case fetch
  }

  static let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}fdp.exe"

  @Test func aThrownErrorsTextInAnEffectEventIsMadeVisible() async throws {
    let log = Locked<[String]>([])
    let reducer = Reducer<Action, Int, Void> { _, state, _ in
      state += 1
      return Effect.fireAndForget { throw ServerError(description: Self.hostile) }
    }
    let actomaton = Actomaton(
      state: 0, reducer: reducer,
      observer: .debug(to: { entry in log.withLock { $0.append(entry) } }, effects: true))
    try? await actomaton.send(.fetch)?.value
    let text = log.withLock { $0 }.joined(separator: "\n")
    #expect(text.contains("threw ^[]0;owned^G^[[2J<U+202E>fdp.exe"), "\(text.debugDescription)")
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(!text.unicodeScalars.contains { $0.value == 0x202E })
  }

  @Test func aStringInTheStateIsQuotedAndMadeVisible() {
    let diff = StateDiff(old: "plain", new: "a\u{202E}b\u{1B}\nc")
    #expect(diff.lines() == [#"  (root): "plain" → "a<U+202E>b^[^Jc""#])
  }
}
