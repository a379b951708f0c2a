import Actomaton
import ActomatonREPL
import AppRoot
import Foundation
import GalleryApp
import GitHubClient
import GitHubClientLive
import StubHTTPServer
import TestSupport
import Testing

/// A REPL session (real clock, real waiter, debug log on) on the live client, aimed at a stub
/// that acts out the ``ServerFault`` named by each search's text.
///
/// The session runs on an event loop of its own, as the gallery does: its effects and its waits
/// never wait for a thread of the cooperative pool, which the suites running beside it may hold
/// (a blocking wait, a long loop) for longer than any wait's limit.
struct FaultSession {
  static let token = "ghp_fault-injection-secret-0123456789"
  /// The sessions' loop: one for the process, as the gallery has.
  static let loop = EventLoopExecutor()

  let server: StubHTTPServer
  let engine: Engine<Gallery>
  let console: BufferConsole
  /// Every error the live client threw, as the feature received it.
  let errors = Locked<[GitHubError]>([])

  /// - Parameters:
  ///   - timeout: The client's idle timeout in whole seconds.
  ///   - maxResponseBytes: Larger bodies are refused (small, so the huge body stays quick).
  ///   - now: The wall clock the search feature reads; fixed for rate limits.
  ///   - console: Where the session prints.
  ///   - answer: How the stub answers a request.
  init(
    timeout: Int = 10, maxResponseBytes: Int = 100_000, now: (@Sendable () -> Date)? = nil,
    console: BufferConsole = BufferConsole(),
    answer: @escaping StubHTTPServer.Handler = { ServerFault.answer($0) }
  ) throws {
    server = try StubHTTPServer(handler: answer)
    self.console = console
    let processEnvironment = [
      "GITHUB_API_URL": server.baseURL.absoluteString, "GITHUB_TOKEN": Self.token,
    ]
    var environment = Root.Environment.live(
      dataDirectory: nil, offline: false, processEnvironment: processEnvironment)
    environment.todo.storage = .inMemory()
    var configuration = GitHubClient.Configuration.fromEnvironment(processEnvironment)
    configuration.timeout = timeout
    configuration.maxResponseBytes = maxResponseBytes
    let live = GitHubClient.live(configuration: configuration)
    let errors = self.errors
    environment.gitHubSearch.client = GitHubClient { query throws(GitHubError) in
      do throws(GitHubError) {
        return try await live.searchRepositories(query)
      } catch {
        errors.withLock { $0.append(error) }
        throw error
      }
    }
    if let now { environment.gitHubSearch.now = now }
    engine = Engine<Gallery>(
      environment: environment, console: console, executor: Self.loop, debug: true)
  }

  /// Runs each line in turn on the loop, as a person typing them would.
  func run(_ lines: String...) async {
    let engine = self.engine
    await withTaskExecutorPreference(Self.loop) {
      for line in lines { await engine.execute(line) }
    }
  }

  /// Runs one line and returns the lines it printed, without the debug log's.
  func output(_ line: String) async -> [String] {
    let before = console.text.utf8.count
    await run(line)
    let printed = String(decoding: Array(console.text.utf8.dropFirst(before)), as: UTF8.self)
    return printed.split(separator: "\n").filter { !$0.hasPrefix("[debug]") }.map(String.init)
  }

  /// The token went out on every request, yet shows nowhere: not in the output (screens, `state`,
  /// the debug log's state diffs) nor in any rendering of the errors the client threw.
  func expectTheTokenNeverShows(
    requestsSent: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let requests = server.requests
    #expect(
      requests.isEmpty != requestsSent, "requests: \(requests.count)",
      sourceLocation: sourceLocation)
    for request in requests {
      #expect(
        request.header("Authorization") == "Bearer \(Self.token)", sourceLocation: sourceLocation)
    }
    let errors = self.errors.withLock { $0 }
    let texts = [console.text] + errors.flatMap { ["\($0)", String(reflecting: $0)] }
    for text in texts {
      #expect(!text.contains("fault-injection-secret"), "\(text)", sourceLocation: sourceLocation)
    }
  }
}
