import Foundation
import StubHTTPServer
import Testing

/// The `gallery` binary against a server whose every text field carries escape sequences, and
/// a script of hostile commands: its output holds no raw control character.
@Suite struct HostileOutputEndToEndTests {
  static let hostile =
    "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}\r\u{202E}\u{200B}\u{2066}\u{FEFF}"

  static var page: String {
    func quoted(_ text: String) -> String {
      String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
    let h = hostile
    return """
      {"total_count": 1, "items": [{"id": 1, "full_name": \(quoted("x/\(h)")),
        "owner": {"login": \(quoted(h))}, "description": \(quoted(h)), "language": \(quoted(h)),
        "stargazers_count": 1, "license": {"name": \(quoted(h))},
        "html_url": \(quoted(h)), "updated_at": \(quoted(h))}]}
      """
  }

  @Test func nothingRawReachesTheOutput() async throws {
    let server = try StubHTTPServer(routes: ["/search/repositories": .json(Self.page)])
    defer { server.stop() }
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let h = Self.hostile
    // A todo file another program wrote, with the hostile text in an item.
    let file =
      #"{"version": 1, "items": [{"id": "00000000-0000-0000-0000-000000000001", "#
      + #""text": \#(String(decoding: try JSONEncoder().encode("from file \(h)"), as: UTF8.self)), "#
      + #""isCompleted": false}]}"#
    try Data(file.utf8).write(to: directory.appendingPathComponent("todos.json"))
    let script = [
      "\(h)", "todo", "add \(h)", "list", "login", "login \(h)", "github", "search x",
      "wait 30", "open 1", "state", "help \(h)", "x\u{202E}\u{200B}y",
    ]
    let result = try await GalleryProcess.run(
      ["--data-dir", directory.path, "--debug"], input: script.joined(separator: "\n") + "\n",
      environment: ["GITHUB_API_URL": server.baseURL.absoluteString])
    #expect(result.status == 0)
    #expect(Self.raw(in: result.output).isEmpty, "\(result.output.debugDescription)")
    #expect(Self.raw(in: result.errors).isEmpty, "\(result.errors.debugDescription)")
    let shown = "^[]0;pwned^G^[[2JM-^[31m^?^M<U+202E><U+200B><U+2066><U+FEFF>"
    #expect(result.output.contains("x/\(shown)"), "a GitHub field")
    #expect(result.output.contains("Unknown command '^[]0;pwned^G^[[2JM-^[31m^?'"), "echoed input")
    #expect(result.output.contains("Unknown command 'x<U+202E><U+200B>y'"), "echoed input")
    #expect(result.output.contains("1. [ ] from file \(shown)"), "the todo file")
    #expect(result.output.contains("2. [ ] \(shown)"), "a todo text typed")
    #expect(result.output.contains("(\(shown))"), "a user id")

    // An argument quoted back in an error.
    let refused = try await GalleryProcess.run(["--screen", h], input: "")
    #expect(refused.status != 0)
    #expect(
      Self.raw(in: refused.errors + refused.output).isEmpty, "\(refused.errors.debugDescription)")
    #expect(refused.errors.contains(shown), "\(refused.errors)")
  }

  /// The characters left raw in `text` that act on a terminal or disguise a line.
  static func raw(in text: String) -> [Unicode.Scalar] {
    let disguising: Set<UInt32> = [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
      0x061C, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD,
    ]
    return text.unicodeScalars.filter {
      $0 != "\n" && $0 != "\t"
        && ($0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || disguising.contains($0.value))
    }
  }
}
