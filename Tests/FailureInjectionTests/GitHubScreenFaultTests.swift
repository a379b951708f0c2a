import AppRoot
import Foundation
import GalleryREPL
import StubHTTPServer
import Testing

/// Drives the REPL's GitHub screen against a misbehaving loopback server: each fault must end in
/// a clear message on the screen, the REPL must go on, and the token must never be shown.
@Suite struct GitHubScreenFaultTests {
  static let token = "ghp_fault-injection-secret-0123456789"

  /// A session on the live client pointed at `baseURL`, with the real clock and waiter.
  static func session(baseURL: URL) -> (Engine, BufferConsole) {
    var environment = Root.Environment.live(
      dataDirectory: nil, offline: false,
      processEnvironment: ["GITHUB_API_URL": baseURL.absoluteString, "GITHUB_TOKEN": token])
    environment.todo.storage = .inMemory()
    let console = BufferConsole()
    return (Engine(environment: environment, console: console, debug: true), console)
  }

  @Test func refusedConnectionSaysSoAndTheREPLGoesOn() async throws {
    let port = try #require(StubHTTPServer.closedPort())
    let (engine, console) = Self.session(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
    for line in ["github", "search swift", "wait 10", "counter", "+"] {
      await engine.execute(line)
    }
    #expect(console.text.contains("! Cannot connect to 127.0.0.1:\(port): offline or refused."))
    #expect(console.text.hasSuffix("count: 1\n"), "the REPL still answers")
    #expect(!console.text.contains(Self.token))
  }
}
