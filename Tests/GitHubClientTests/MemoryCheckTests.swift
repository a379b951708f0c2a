import ChildTest
import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  /// Answers that never end, each sent to a search in a child process of its own (this test
  /// executable again): the search ends at its limit with the error that says so, and the peak
  /// resident memory stays within the response limit plus a small constant.
  ///
  /// NOTE: in a child of its own, because corelibs goes on receiving such an answer until the
  /// server stops, and an inflating one stalls every session of the process meanwhile. The child
  /// resets its peak (`/proc/self/clear_refs`) after a first search has warmed up, so start-up
  /// costs do not count; the memory is not checked under a sanitizer, whose shadow memory and
  /// quarantine of freed blocks make the resident set say nothing about what the client holds.
  @Suite(.serialized) struct MemoryCheck {
    static let limit = 8 << 20
    /// Room for the stub server's threads, corelibs' buffers and a body buffer's growth (up to
    /// +29 MiB has been seen for the gzip bomb on a busy machine).
    static let allowance = 56 << 20

    static let spaces = Array(repeating: UInt8(ascii: " "), count: 64 << 10)

    static let answers: [String: StubResponse] = [
      "100 MB body": .streamed(StubResponse.Stream(repeated: spaces, count: 1_600)),
      "endless body": .streamed(StubResponse.Stream(repeated: spaces, count: nil)),
      "gzip bomb": GzipBomb.response(),
      "endless headers": .fault(.endlessHeaders),
      "endless 422 body": .streamed(StubResponse.Stream(repeated: spaces, count: nil), status: 422),
      "endless 500 body": .streamed(StubResponse.Stream(repeated: spaces, count: nil), status: 500),
    ]

    static let expected: [(answer: String, error: String)] = [
      ("100 MB body", "the answer was too large (over the limit of 8 MiB)"),
      ("endless body", "the answer was too large (over the limit of 8 MiB)"),
      ("gzip bomb", "the answer was too large (over the limit of 8 MiB)"),
      ("endless headers", "the answer's headers were too large."),
      ("endless 422 body", "GitHub refused the search: Validation Failed"),
      ("endless 500 body", "GitHub had a server error (500)"),
    ]

    static let canMeasure =
      FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs")
      && dlsym(nil, "__sanitizer_get_current_allocated_bytes") == nil

    @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
    func childSearchesAndReportsItsPeakMemory() async throws {
      let answer = try #require(Self.answers[ChildTest.instruction ?? ""])
      let server = try StubHTTPServer(
        routes: ["/warm-up/search/repositories": .json(#"{"total_count": 0, "items": []}"#)])
      defer { server.stop() }
      server.setRoute(searchPath, answer)
      func client(_ base: URL) -> GitHubClient {
        .live(configuration: configuration(base, nil, 30, .seconds(60), Self.limit))
      }
      _ = await searchPage(client(server.baseURL.appendingPathComponent("warm-up")))
      let before = try Self.status("VmRSS")
      if Self.canMeasure {
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
      }
      let error = await searchError(client(server.baseURL))
      let peak = try Self.status("VmHWM")
      print("child: growth \(peak - before)")
      print("child: error \(error.map { "\($0)" } ?? "none")")
    }

    @Test(
      .enabled(if: ChildTest.isSupported, "needs Linux"),
      arguments: expected.map(\.answer))
    func aHostileAnswerEndsAtItsLimitAndGrowsMemoryByTheLimitAtMost(answer: String)
      async throws
    {
      let child = try await ChildTest.run(
        "childSearchesAndReportsItsPeakMemory", instruction: answer)
      let lines = child.output.split(separator: "\n")
      let error = try #require(lines.first { $0.hasPrefix("child: error ") }, "\(child.output)")
      let expected = try #require(Self.expected.first { $0.answer == answer }?.error)
      #expect(error.contains(expected), "\(error)")
      guard Self.canMeasure else { return }
      let growthLine = try #require(lines.first { $0.hasPrefix("child: growth ") })
      let growth = try #require(Int(growthLine.dropFirst("child: growth ".count)))
      #expect(
        growth <= Self.limit + Self.allowance,
        "\(answer): the peak rose \(growth >> 20) MiB over a limit of \(Self.limit >> 20) MiB")
      print("memory check: \(answer) peak +\(growth >> 20) MiB")
    }

    /// A field of `/proc/self/status` in bytes.
    static func status(_ field: String) throws -> Int {
      let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
      let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
      let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
      return kilobytes << 10
    }
  }
}
