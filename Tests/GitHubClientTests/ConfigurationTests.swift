import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  @Suite struct ConfigurationAndSecrets {
    @Test func environmentSetsBaseURLAndToken() {
      let configuration = GitHubClient.Configuration.fromEnvironment([
        "GITHUB_API_URL": "https://ghe.example.com/api/v3",
        "GITHUB_TOKEN": " \(secretToken)\n", "GH_TOKEN": "other",
      ])
      #expect(configuration.baseURL.absoluteString == "https://ghe.example.com/api/v3")
      #expect(configuration.token == secretToken)
    }

    @Test func environmentFallsBackToGHTokenAndDefaults() {
      let fallback = GitHubClient.Configuration.fromEnvironment([
        "GITHUB_TOKEN": "  ", "GH_TOKEN": "gh-token", "GITHUB_API_URL": "not a url",
      ])
      #expect(fallback.token == "gh-token")
      #expect(fallback.baseURL == GitHubClient.Configuration.defaultBaseURL)

      let empty = GitHubClient.Configuration.fromEnvironment([:])
      #expect(empty.token == nil)
      #expect(empty.baseURL.absoluteString == "https://api.github.com")
      #expect(empty.timeout >= 1)
      #expect(empty.session === GitHubClient.Configuration.sharedSession)
    }

    @Test func configurationNeverPrintsTheToken() {
      let configuration = GitHubClient.Configuration(token: secretToken)
      var dumped = ""
      dump(configuration, to: &dumped)
      let renderings = [
        configuration.description, configuration.debugDescription, "\(configuration)",
        String(reflecting: configuration), String(describing: configuration), dumped,
      ]
      for rendering in renderings {
        #expect(!rendering.contains(secretToken), "\(rendering)")
        #expect(rendering.contains("<redacted>"), "\(rendering)")
      }
      #expect(!configuration.description.contains("S3cret"))
    }

    @Test func errorsNeverCarryTheToken() async throws {
      let faults: [String: StubResponse] = [
        "/401/search/repositories": .json(#"{"message":"Bad credentials"}"#, status: 401),
        "/403/search/repositories": .json(
          "{}", status: 403, headers: [("x-ratelimit-remaining", "0")]),
        "/422/search/repositories": .json(#"{"message":"Validation Failed"}"#, status: 422),
        "/500/search/repositories": .json("{}", status: 500),
        "/json/search/repositories": .json("{"),
        "/closed/search/repositories": .fault(.closeWithoutResponse),
      ]
      try await withStub(faults) { server in
        var errors: [GitHubError] = []
        for prefix in ["401", "403", "422", "500", "json", "closed"] {
          let base = server.baseURL.appendingPathComponent(prefix)
          let client = GitHubClient.live(configuration: configuration(base, secretToken))
          if let error = await searchError(client) { errors.append(error) }
        }
        let refusing = try RefusingPort()
        let client = GitHubClient.live(configuration: configuration(refusing.baseURL, secretToken))
        if let error = await searchError(client) { errors.append(error) }
        extendLifetime(refusing)

        #expect(errors.count == 7)
        for error in errors {
          for rendering in [error.description, String(reflecting: error), "\(error)"] {
            #expect(!rendering.contains(secretToken), "\(rendering)")
          }
        }
        let bearer = "Bearer \(secretToken)"
        #expect(server.requests.allSatisfy { $0.header("Authorization") == bearer })
      }
    }
  }
}
