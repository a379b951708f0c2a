import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  @Suite struct StubServer {
    @Test func unknownPathsAnswer404AndAreCaptured() async throws {
      try await withStub { server in
        let error = await searchError(liveClient(server))
        #expect(error == .unexpectedStatus(404))
        #expect(server.requests.map(\.path) == [searchPath])
      }
    }

    @Test func handlerAnswersWhatRoutesDoNot() async throws {
      let handler: StubHTTPServer.Handler = { request in
        .json(SampleJSON.page(total: Int(request.queryValue("page") ?? "0") ?? 0, items: []))
      }
      try await withStub(handler: handler) { server in
        let page = await searchPage(liveClient(server), SearchQuery(text: "swift", page: 7))
        #expect(page?.totalCount == 7)
      }
    }

    @Test func stoppedServerRefusesConnections() async throws {
      let server = try StubHTTPServer()
      server.stop()
      server.stop()
      let error = await searchError(liveClient(server))
      #expect(error == .cannotConnect(host: "127.0.0.1:\(server.port)"))
    }

    @Test func aStoppedServerKeepsItsPortFromOtherSockets() throws {
      let server = try StubHTTPServer()
      defer { extendLifetime(server) }
      server.stop()
      #expect(!PlainSocket.canBind(server.port), "another server could take the port")
      #expect(PlainSocket.connect(server.port) == ECONNREFUSED)
    }

    @Test func aRefusingPortRefusesAndKeepsItsPortFromOtherSockets() throws {
      let refusing = try RefusingPort()
      defer { extendLifetime(refusing) }
      #expect(PlainSocket.connect(refusing.port) == ECONNREFUSED)
      #expect(!PlainSocket.canBind(refusing.port), "another server could take the port")
    }

    @Test func serverStopsByItselfAfterItsLifetime() async throws {
      let server = try StubHTTPServer(lifetime: .milliseconds(100))
      try await Task.sleep(for: .milliseconds(300))
      let error = await searchError(liveClient(server))
      #expect(error == .cannotConnect(host: "127.0.0.1:\(server.port)"))
      server.stop()
    }

    @Test func sequentialRequestsAllGetTheirAnswer() async throws {
      try await withSearchStub(.json(SampleJSON.realisticPage)) { server in
        // NOTE: limits that only stop a hang: under the thread sanitizer on a loaded machine a
        // request has taken longer than the default 5 s.
        let client = liveClient(server, timeout: 60, deadline: .seconds(60))
        var answered = 0
        for _ in 0..<20 where await searchPage(client) != nil { answered += 1 }
        #expect(answered == 20)
        #expect(server.requests.count == 20)
      }
    }
  }
}
