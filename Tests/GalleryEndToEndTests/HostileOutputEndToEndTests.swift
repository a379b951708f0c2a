import Foundation
import StubHTTPServer
import Testing

/// The `gallery` binary against a server whose every text field carries escape sequences, and
/// a script of hostile commands: its output holds no raw control character.
@Suite struct HostileOutputEndToEndTests {
  static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}\r"

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
    let script = [
      "\(h)", "todo", "add \(h)", "list", "login", "login \(h)", "github", "search x",
      "wait 30", "open 1", "state",
    ]
    let result = try await GalleryProcess.run(
      ["--data-dir", directory.path], input: script.joined(separator: "\n") + "\n",
      environment: ["GITHUB_API_URL": server.baseURL.absoluteString])
    #expect(result.status == 0)
    let raw = result.output.unicodeScalars.filter {
      $0 != "\n" && ($0.value < 0x20 || (0x7F..<0xA0).contains($0.value))
    }
    #expect(raw.isEmpty, "\(result.output.debugDescription)")
    #expect(result.output.contains("x/^[]0;pwned^G^[[2JM-^[31m^?^M"))
    #expect(result.output.contains("Unknown command '^[]0;pwned^G"))
  }
}
