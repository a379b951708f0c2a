import Foundation
import Testing

/// The real `gallery` binary refuses what a command does not use, naming it, and says what is
/// wrong in words that do not mislead.
@Suite struct RefusalEndToEndTests {
  func run(_ script: String, _ arguments: [String] = []) async throws -> GalleryProcess.Result {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await GalleryProcess.run(
      ["--offline", "--strict", "--data-dir", directory.path] + arguments, input: script)
  }

  @Test func extraWordsAreRefusedByName() async throws {
    let counter = try await run("counter\nset 1 2\nset 7 apples\nstate\n")
    #expect(counter.output.contains("error: Unexpected '2': expected 'set N'."))
    #expect(counter.output.contains("error: Unexpected 'apples': expected 'set N'."))
    #expect(counter.output.contains("counter state:\n  count: 0\n"), "neither set ran")
    #expect(counter.status == 1)
    let todo = try await run("todo\nadd a\nadd b\ntoggle 1 2\n")
    #expect(todo.output.contains("error: Unexpected '2': expected 'toggle N'."))
    let github = try await run("github\nsearch tessera\nwait 30\nopen 1 junk\n")
    #expect(github.output.contains("error: Unexpected 'junk': expected 'open N'."))
  }

  @Test func messagesSayWhatIsWrong() async throws {
    let result = try await run("counter\nset 99999999999999999999\ny\ndebug\n")
    #expect(
      result.output.contains(
        "error: '99999999999999999999' is too large: N is at most 9223372036854775807."),
      "\(result.output)")
    #expect(result.output.contains("error: There is no question to answer now."))
    #expect(
      result.output.contains("error: Expected 'debug on' or 'debug off', got 'debug'."),
      "no stray space")
  }

  @Test func aRefusalIsShownOnceNotByLaterWaitsListsOrReopening() async throws {
    let result = try await run("todo\ntoggle 9\nwait\nlist\ntodo\n")
    let marked = result.output.split(separator: "\n").filter { $0.hasPrefix("! ") }
    #expect(marked.count == 1, "\(result.output)")
  }

  @Test func aRefusalAfterOpeningAResultIsShownAndCounted() async throws {
    let opened = "github\nsearch tessera\nwait 30\nopen 1\n"
    for refused in ["open 99", "prev"] {
      let result = try await run(opened + refused + "\n")
      let marked = result.output.split(separator: "\n").filter { $0.hasPrefix("! ") }
      #expect(marked.count == 1, "'\(refused)' is refused: \(result.output)")
      #expect(result.status == 1, "--strict counts '\(refused)'")
    }
  }
}

@Suite struct LineLimitEndToEndTests {
  /// A kiss with two skin tones: one character, 35 bytes of UTF-8.
  static let longestEmoji =
    "\u{1F469}\u{1F3FD}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}\u{1F3FF}"

  @Test func anItemOfAThousandCharactersFitsEvenInEmoji() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = String(repeating: Self.longestEmoji, count: 1_000)
    let result = try await GalleryProcess.run(
      ["--strict", "--data-dir", directory.path], input: "todo\nadd \(text)\nedit 1 \(text)\n")
    #expect(!result.output.contains("error:"), "\(result.output.prefix(300))")
    #expect(result.output.contains("  1. [ ] \(text)\n"))
    #expect(result.status == 0)
  }
}
