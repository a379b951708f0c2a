import ActomatonREPL
import Foundation
import GalleryApp
import StubHTTPServer
import Testing

/// A server that puts escape sequences and other control characters in every text field it
/// sends (names, owner, description, language, license, URL, dates, error messages, the media
/// type): the REPL shows them all, and sends none of them raw to the terminal.
@Suite struct HostileServerTests {
  /// Retitles the terminal, clears the screen, a C1 CSI turning text red, DEL, a CR and BEL.
  static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}\r\u{1B}[?1049h"
  static let visible = "^[]0;pwned^G^[[2JM-^[31m^?^M^[[?1049h"

  /// The control characters left raw in `text`, apart from newlines, tabs, and (when
  /// `allowingStyles`) the REPL's own SGR styles and line erase.
  static func rawControls(in text: String, allowingStyles: Bool) -> [String] {
    let text = allowingStyles ? text.replacing(/\x1B\[[0-9;]*[mK]/, with: "") : text
    return text.unicodeScalars.filter { scalar in
      scalar != "\n" && scalar != "\t"
        && (scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value))
    }.map { "U+\(String($0.value, radix: 16))" }
  }

  static func quoted(_ text: String) -> String {
    String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
  }

  static var page: String {
    let h = hostile
    return """
      {"total_count": 1, "incomplete_results": false, "items": [{
        "id": 1, "full_name": \(quoted("evil/\(h)name")), "owner": {"login": \(quoted("evil\(h)"))},
        "description": \(quoted("about \(h) it")), "language": \(quoted("Swift\(h)")),
        "stargazers_count": 3, "forks_count": 1,
        "license": {"spdx_id": \(quoted("MIT\(h)")), "name": \(quoted("MIT \(h)"))},
        "html_url": \(quoted("https://github.com/evil/\(h)")),
        "updated_at": \(quoted("2026\(h)"))}]}
      """
  }

  static func answer(_ request: StubRequest) -> StubResponse {
    switch request.queryValue("q") ?? "" {
    case "422":
      .json(
        #"{"message": \#(quoted("Validation \(hostile)")), "errors": [{"message": \#(quoted("bad \(hostile)"))}]}"#,
        status: 422)
    case "html":
      StubResponse(headers: [("Content-Type", "text/ht\u{1B}[2Jml")], body: Data("<p>".utf8))
    default:
      .json(page)
    }
  }

  @Test(arguments: [false, true])
  func everyFieldIsShownWithItsControlCharactersVisible(colour: Bool) async throws {
    let session = try FaultSession(
      console: BufferConsole(isInteractive: true, usesColor: colour), answer: Self.answer)
    defer { session.server.stop() }
    await session.run(
      "github", "search evil", "wait 10", "open 1", "state", "search 422", "wait 10",
      "search html", "wait 10", "search evil\(Self.hostile)", "wait 10")
    await session.engine.finish()
    let text = session.console.text
    #expect(Self.rawControls(in: text, allowingStyles: colour) == [])
    let visible = Self.visible
    for shown in [
      "1. evil/\(visible)name  ★3  Swift\(visible)", "about \(visible) it",
      "license: MIT\(visible)", "https://github.com/evil/\(visible)", "updated: 2026\(visible)",
      "Validation \(visible) (bad \(visible))", "expected JSON but got text/ht^[[2Jml",
    ] {
      #expect(text.contains(shown), "\(shown)")
    }
  }
}
