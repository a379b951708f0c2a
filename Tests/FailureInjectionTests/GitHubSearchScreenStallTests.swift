import Foundation
import Testing

/// A server that accepts the search and then says nothing for 280 s.
extension GitHubSearchScreenFaultTests {
  @Test func aStallTimesOutAtTheClientsLimitNotTheServers() async throws {
    let session = try FaultSession(timeout: 1)
    defer { session.server.stop() }
    // NOTE: from before the search, which starts the request: from the wait, a loaded machine
    // had spent part of the client's second on the search command itself.
    let start = ContinuousClock.now
    await session.run("github", "search stall")
    let screen = await session.output("wait 20")
    let took = ContinuousClock.now - start
    #expect(
      screen == [
        "'stall' sorted by best-match: no results to show",
        "! The search timed out after 1 s; try again.",
      ])
    // NOTE: the screen above proves the search ended within the wait's 20 s, so long before the
    // server's answer; no upper bound tighter than that holds on a loaded machine under TSan.
    #expect(took > .milliseconds(900), "not before the client's 1 s limit; took \(took)")
    #expect(await session.server.eventually { $0.hangUps == 1 }, "the client hung up")
    await session.run("search ok", "wait 30")
    #expect(session.console.text.contains("\n  1. octo/ok  ★7  Swift\n"))
    session.expectTheTokenNeverShows()
  }

  @Test func leavingTheScreenDuringAStallAnswersAtOnceAndHangsUp() async throws {
    let session = try FaultSession(timeout: 1_000)
    defer { session.server.stop() }
    await session.run("github", "search stall")
    #expect(await session.server.eventually { $0.requests.count == 1 }, "the search was sent")
    let start = ContinuousClock.now
    #expect(await session.output("counter") == ["count: 0"])
    // NOTE: well under the stall's 280 s, with room for a loaded machine under TSan (68 s seen).
    #expect(ContinuousClock.now - start < .seconds(200))
    #expect(await session.server.eventually { $0.hangUps == 1 }, "the client hung up")
    #expect(await session.output("+") == ["count: 1"])
    await session.run("github", "search ok", "wait 30")
    #expect(
      session.console.text.hasSuffix(
        "'ok' sorted by best-match: 1 result(s), page 1\n  1. octo/ok  ★7  Swift\n"))
    session.expectTheTokenNeverShows()
  }

  @Test func aNewSearchReplacesAStalledOneAndHangsItUp() async throws {
    let session = try FaultSession(timeout: 120)
    defer { session.server.stop() }
    await session.run("github", "search stall")
    #expect(await session.server.eventually { $0.requests.count == 1 }, "the search was sent")
    await session.run("search ok")
    #expect(
      await session.output("wait 30") == [
        "'ok' sorted by best-match: 1 result(s), page 1", "  1. octo/ok  ★7  Swift",
      ])
    #expect(await session.server.eventually { $0.hangUps == 1 }, "the client hung up")
    session.expectTheTokenNeverShows()
  }

  @Test func interruptingAStalledSearchHangsUpAndTheNextSearchWorks() async throws {
    let session = try FaultSession(timeout: 120)
    defer { session.server.stop() }
    await session.run("github", "search stall")
    #expect(await session.server.eventually { $0.requests.count == 1 }, "the search was sent")
    #expect(await session.engine.interrupt(), "there was a search to stop")
    #expect(await session.server.eventually { $0.hangUps == 1 }, "the client hung up")
    #expect(
      session.console.text.hasSuffix(
        "'stall' sorted by best-match: no results to show\n! The search was cancelled.\n"))
    #expect(session.engine.failures == 0, "Ctrl-C is not a failed command")
    #expect(await session.output("wait") != ["searching 'stall'…"])
    await session.run("search ok", "wait 30")
    #expect(session.console.text.hasSuffix("  1. octo/ok  ★7  Swift\n"))
    session.expectTheTokenNeverShows()
  }

  /// Other suites may hold every thread of the cooperative pool (a blocking wait, a long loop)
  /// for longer than a wait's limit: the search still goes out and is answered within its wait.
  @Test func aSearchIsAnsweredWithinItsWaitWhileThePoolIsHeld() async throws {
    let threads = ProcessInfo.processInfo.activeProcessorCount
    let arrived = DispatchSemaphore(value: 0)
    let session = try FaultSession(answer: { request in
      for _ in 0..<threads { arrived.signal() }
      return ServerFault.answer(request)
    })
    defer { session.server.stop() }
    await session.run("github", "search ok")
    // NOTE: each holds a thread of the pool until the request comes, at most twice the wait.
    let holds = (0..<threads).map { _ in Task { arrived.wait(timeout: .now() + 20) == .success } }
    #expect(
      await session.output("wait 10") == [
        "'ok' sorted by best-match: 1 result(s), page 1", "  1. octo/ok  ★7  Swift",
      ])
    for hold in holds { #expect(await hold.value, "the search went out while the pool was held") }
  }
}
