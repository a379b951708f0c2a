import Foundation
import Testing

/// Every numeric argument of every screen, at the extremes a person can type: the gallery answers
/// each line and exits normally (issue #28: `open -9223372036854775808` exited with SIGILL).
@Suite(.serialized) struct ExtremeNumberEndToEndTests {
  static let numbers = [
    "\(Int.min)", "\(Int.min + 1)", "-1", "0", "\(Int.max - 1)", "\(Int.max)",
    "99999999999999999999", "-99999999999999999999",
  ]

  static let todoCommands = ["toggle N", "delete N", "edit N oat milk", "up N", "down N"]

  /// Each screen, the lines that put it where its numbers matter, and its numeric commands.
  static let screens: [(screen: String, setup: [String], commands: [String])] = [
    ("counter", ["+"], ["set N", "+", "-", "set N", "-", "+"]),
    ("todo", ["add milk", "add tea", "toggle 1"], todoCommands),
    ("github", ["search swift", "wait"], ["open N", "next", "wait", "open N", "prev", "wait"]),
    ("stopwatch", ["start"], ["wait N", "lap", "stop"]),
    ("login", ["login ann", "wait"], ["wait N", "logout", "y"]),
  ]

  @Test(arguments: screens.map(\.screen))
  func everyExtremeNumberOnTheScreenIsAnsweredWithoutACrash(_ screen: String) async throws {
    let (_, setup, commands) = try #require(Self.screens.first { $0.screen == screen })
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var lines = [screen] + setup
    for number in Self.numbers {
      lines += commands.map { $0.replacingOccurrences(of: "N", with: number) }
    }
    lines += ["state", "quit"]
    let result = try await GalleryProcess.run(
      ["--offline", "--data-dir", directory.path], input: lines.joined(separator: "\n") + "\n")
    #expect(result.status == 0, "exit status \(result.status): \(result.errors)")
    #expect(result.output.contains("\(screen) state:"), "the gallery got to the last line")
    #expect(!result.errors.contains("Fatal error"))
  }
}
