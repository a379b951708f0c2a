import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import TestTraits
import Testing

extension GitHubClientTests {
  @Suite(.hangGuard) struct Cancellation {
    @Test func cancellingMidRequestReturnsPromptlyFiftyTimesInARow() async throws {
      let slow = StubResponse.json(SampleJSON.page(total: 0, items: []), delay: 1_000)
      try await withSearchStub(slow) { server in
        // NOTE: a round that waited for the answer would take 1,000 s (its delay, the limit).
        let client = liveClient(server, timeout: 1_000, deadline: .seconds(1_000))
        var slowest = Duration.zero
        for round in 0..<50 {
          let running = Task { await search(client, SearchQuery(text: "round \(round)")) }
          // NOTE: real time: cancels at varied moments of a real request to the stub server.
          try await Task.sleep(for: .milliseconds(round % 5 * 5))
          var result: Result<SearchPage, GitHubError>?
          let took = await elapsed {
            running.cancel()
            result = await running.value
          }
          slowest = max(slowest, took)
          #expect(result.flatMap { try? $0.get() } == nil, "round \(round) returned a page")
          if case let .failure(error)? = result { #expect(error == .cancelled, "round \(round)") }
          #expect(took < promptBound, "round \(round) took \(took), waiting for the answer")
        }
        #expect(slowest < promptBound)
      }
    }

    @Test func alreadyCancelledSearchSendsNothing() async throws {
      try await withSearchStub(.json(SampleJSON.page(total: 0, items: []))) { server in
        let client = liveClient(server)
        let result = await Task {
          withUnsafeCurrentTask { $0?.cancel() }
          return await search(client, SearchQuery(text: "swift"))
        }.value

        #expect(result.failureValue == .cancelled)
        // NOTE: real time: gives a wrongly sent request the time to reach the stub server.
        try await Task.sleep(for: .milliseconds(50))
        #expect(server.requests.isEmpty)
      }
    }

    /// The case the notes saw hang corelibs' own `data(for:)` half of the time.
    @Test func manyConcurrentCancellationsAgainstAClosedPortNeverHang() async throws {
      let refusing = try RefusingPort()
      defer { extendLifetime(refusing) }
      let port = refusing.port
      let client = GitHubClient.live(
        configuration: configuration(refusing.baseURL, nil, 1_000, .seconds(1_000)))
      for round in 0..<10 {
        let took = await elapsed {
          await withTaskGroup(of: GitHubError?.self) { group in
            for index in 0..<20 {
              group.addTask { await search(client, SearchQuery(text: "q\(index)")).failureValue }
            }
            // NOTE: real time: lets the requests start against the closed port (no stub server).
            try? await Task.sleep(for: .microseconds(100))
            group.cancelAll()
            for await error in group {
              #expect(error == .cancelled || error == .cannotConnect(host: "127.0.0.1:\(port)"))
            }
          }
        }
        // NOTE: a hang lasts until the client's deadline (and ends as a timeout, refused above).
        #expect(took < promptBound, "round \(round) took \(took)")
      }
    }

    @Test func cancellingWhileTheServerStallsReturnsCancelled() async throws {
      try await withSearchStub(.fault(.stall(seconds: 10))) { server in
        let client = liveClient(server)
        let running = Task { await search(client, SearchQuery(text: "swift")) }
        #expect(await server.eventually { !$0.requests.isEmpty })
        #expect(server.requests.count == 1)
        running.cancel()
        #expect(await running.value.failureValue == .cancelled)
      }
    }
  }
}

extension Result {
  var failureValue: Failure? {
    if case let .failure(error) = self { return error }
    return nil
  }
}
