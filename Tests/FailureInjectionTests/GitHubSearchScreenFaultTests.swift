import Foundation
import Testing

/// Drives the REPL's GitHub screen against a misbehaving loopback server: each fault must end in
/// a clear message on the screen, the REPL must go on, and the token must never be shown.
///
/// `wait 30` returns as soon as the search has ended: its limit only stops a hung test, so it is
/// generous, since these tests share a busy machine with the fuzz run and the sanitizers.
@Suite struct GitHubSearchScreenFaultTests {
  static let faultsAndMessages: [(ServerFault, String)] = [
    (
      .closedWithoutAnswer,
      "GitHub's answer could not be read: the server sent no readable HTTP answer."
    ),
    (
      .closedMidAnswer,
      "GitHub's answer could not be read: the transfer failed (transfer closed with 153 bytes"
        + " remaining to read)."
    ),
    (.unauthorized, "GitHub refused the token (401). Check GITHUB_TOKEN."),
    (
      .validation,
      "GitHub refused the search: Validation Failed (The search is longer than 256 characters.)"
    ),
    (.status500, "GitHub had a server error (500); try again later."),
    (.status502, "GitHub had a server error (502); try again later."),
    (.status503, "GitHub had a server error (503); try again later."),
    (.malformedJSON, "GitHub's answer could not be read: the body is not valid JSON."),
    (
      .hugeBody,
      "GitHub's answer could not be read: the answer was too large (over the limit of 100000"
        + " bytes); reading stopped there."
    ),
    (.captivePortal, "GitHub's answer could not be read: expected JSON but got text/html."),
  ]

  @Test(arguments: faultsAndMessages)
  func aFaultSaysWhatWentWrongAndTheNextSearchWorks(fault: ServerFault, message: String)
    async throws
  {
    let session = try FaultSession()
    defer { session.server.stop() }
    await session.run("github", "search \(fault)")
    #expect(
      await session.output("wait 30") == [
        "'\(fault)' sorted by best-match: no results to show", "! \(message)",
      ])
    await session.run("state")
    #expect(await session.output("search ok") == ["searching 'ok'…"])
    #expect(
      await session.output("wait 30") == [
        "'ok' sorted by best-match: 1 result(s), page 1", "  1. octo/ok  ★7  Swift",
      ])
    #expect(await session.output("counter") == ["count: 0"])
    #expect(await session.output("+") == ["count: 1"])
    session.expectTheTokenNeverShows()
  }

  @Test(arguments: [ServerFault.rateLimit403, .rateLimit429])
  func aRateLimitSaysWhenItResetsAndPausesSearching(fault: ServerFault) async throws {
    let session = try FaultSession(now: { ServerFault.frozenNow })
    defer { session.server.stop() }
    await session.run("github", "search \(fault)")
    #expect(
      await session.output("wait 30") == [
        "'\(fault)' sorted by best-match: no results to show",
        "! GitHub rate limit reached; resets at 22:14:50 UTC. Searching is paused for 90 s.",
      ])
    await session.run("search ok", "wait 30")
    #expect(
      await session.output("state").contains("  rateLimitedUntil: 2023-11-14 22:14:50 +0000"))
    #expect(
      await session.output("search ok") == [
        "'\(fault)' sorted by best-match: no results to show",
        "! Searching is paused by GitHub's rate limit for another 90 s.",
      ])
    #expect(session.server.requests.count == 1, "nothing was sent while searching is paused")
    await session.run("counter", "+")
    #expect(session.console.text.hasSuffix("count: 1\n"))
    session.expectTheTokenNeverShows()
  }

  @Test func aRefusedConnectionSaysSoAndTheREPLGoesOn() async throws {
    let session = try FaultSession()
    // NOTE: the stopped server holds its port while `session` lives, so the connection is
    // refused: no server of a test running in parallel can start listening on that port.
    session.server.stop()
    let port = session.server.port
    await session.run("github", "search swift")
    #expect(
      await session.output("wait 30") == [
        "'swift' sorted by best-match: no results to show",
        "! Cannot connect to 127.0.0.1:\(port): offline or refused.",
      ])
    await session.run("state", "counter", "+")
    #expect(session.console.text.hasSuffix("count: 1\n"))
    session.expectTheTokenNeverShows(requestsSent: false)
  }
}
