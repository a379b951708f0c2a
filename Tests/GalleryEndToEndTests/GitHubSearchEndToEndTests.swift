import Foundation
import StubHTTPServer
import TestTraits
import Testing

@Suite struct GitHubSearchEndToEndTests {
  static let page = """
    {"total_count": 1, "incomplete_results": false, "items": [{
      "id": 7, "name": "stubbed", "full_name": "loopback/stubbed",
      "owner": {"login": "loopback"}, "html_url": "https://github.com/loopback/stubbed",
      "description": "served by the stub", "language": "Swift", "stargazers_count": 12,
      "forks_count": 1, "license": null, "updated_at": "2026-01-02T03:04:05Z"}]}
    """

  // NOTE: the app's `wait 30` returns once the search has ended; the limits only stop a hung
  // test, and the server outlives the wait even when a busy machine starts the app slowly.
  static let lifetime = Duration.hangStop

  @Test func searchGoesToGITHUB_API_URLWithTheToken() async throws {
    let server = try StubHTTPServer(
      routes: ["/search/repositories": .json(Self.page)], lifetime: Self.lifetime)
    defer { server.stop() }
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await GalleryProcess.run(
      ["--data-dir", directory.path], input: "github\nsearch language:c++ stub\nwait 30\n",
      environment: [
        "GITHUB_API_URL": server.baseURL.absoluteString, "GITHUB_TOKEN": "secret-token-123",
        "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1",
      ])
    #expect(result.status == 0)
    #expect(result.output.contains("1. loopback/stubbed  ★12  Swift"))
    let request = try #require(server.requests.first)
    #expect(request.queryValue("q") == "language:c++ stub")
    #expect(request.rawQuery?.contains("language:c%2B%2B") == true)
    #expect(request.header("Authorization") == "Bearer secret-token-123")
    #expect(!result.output.contains("secret-token-123"))
  }

  @Test func serverErrorsShowAClearMessageAndTheREPLGoesOn() async throws {
    let server = try StubHTTPServer(
      routes: ["/search/repositories": .json(#"{"message": "boom"}"#, status: 502)],
      lifetime: Self.lifetime)
    defer { server.stop() }
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await GalleryProcess.run(
      ["--data-dir", directory.path], input: "github\nsearch swift\nwait 30\ncounter\n+\n",
      environment: ["GITHUB_API_URL": server.baseURL.absoluteString])
    #expect(result.status == 0)
    #expect(result.output.contains("! GitHub had a server error (502); try again later."))
    #expect(result.output.hasSuffix("count: 1\n"))
  }
}
