import ChildTest
import Foundation
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import Testing

extension GitHubClientTests {
  /// The peak resident memory of a search answered by a 100 MB body, an endless body and a gzip
  /// bomb stays within the response limit plus a small constant (not checked under sanitizers).
  ///
  /// Each search runs in a child process of its own (this test executable again), so no other
  /// test's memory counts: the child resets its peak (`/proc/self/clear_refs`) after a first
  /// search has warmed up the session, then reports how far the peak rose above where it was.
  @Suite(.serialized) struct MemoryCheck {
    static let limit = 8 << 20
    /// Room for the stub server's threads, corelibs' buffers and a body buffer's growth (up to
    /// +29 MiB has been seen for the gzip bomb on a busy machine).
    static let allowance = 56 << 20

    static let answers: [String: StubResponse] = [
      "100 MB body": .streamed(
        StubResponse.Stream(
          repeated: Array(repeating: UInt8(ascii: " "), count: 64 << 10), count: 1_600)),
      // NOTE: no Content-Length, so the client cannot refuse it before reading.
      "endless body": .streamed(
        StubResponse.Stream(
          repeated: Array(repeating: UInt8(ascii: " "), count: 64 << 10), count: nil)),
      "gzip bomb": GzipBomb.response(),
      "endless headers": .fault(.endlessHeaders),
    ]

    @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
    func childSearchesAndReportsItsPeakMemory() async throws {
      let answer = try #require(Self.answers[ChildTest.instruction ?? ""])
      let server = try StubHTTPServer(
        routes: ["/warm-up/search/repositories": .json(#"{"total_count": 0, "items": []}"#)],
        lifetime: .seconds(120))
      defer { server.stop() }
      server.setRoute(searchPath, answer)
      let session = GitHubClient.Session()
      func client(_ base: URL) -> GitHubClient {
        var configuration = configuration(base, nil, 30, .seconds(60), Self.limit)
        configuration.session = session
        return .live(configuration: configuration)
      }
      _ = await searchPage(client(server.baseURL.appendingPathComponent("warm-up")))
      let before = try Self.status("VmRSS")
      try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
      let error = await searchError(client(server.baseURL))
      let peak = try Self.status("VmHWM")
      print("child: growth \(peak - before) error \(String(describing: error))")
    }

    /// NOTE: not under a sanitizer, whose shadow memory and quarantine of freed blocks make the
    /// resident set say nothing about what the client holds.
    static let canMeasure =
      ChildTest.isSupported && FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs")
      && dlsym(nil, "__sanitizer_get_current_allocated_bytes") == nil

    @Test(
      .enabled(if: canMeasure, "needs Linux's /proc/self/clear_refs"),
      arguments: ["100 MB body", "endless body", "gzip bomb", "endless headers"])
    func aHostileAnswerGrowsMemoryByTheLimitAtMost(answer: String) async throws {
      let child = try await ChildTest.run(
        "childSearchesAndReportsItsPeakMemory", instruction: answer)
      let line = try #require(
        child.output.split(separator: "\n").first { $0.hasPrefix("child: growth ") },
        "\(child.output)")
      let fields = line.split(separator: " ")
      let growth = try #require(Int(fields[2]))
      #expect(line.contains("too large"), "\(line)")
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
