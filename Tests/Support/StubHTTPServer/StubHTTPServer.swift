import Foundation
import Locking
import TestTraits

/// A tiny HTTP/1.1 server on 127.0.0.1 (or 127.0.0.2) for tests: canned answers, captured requests, faults.
///
/// It serves on its own threads (never on Swift concurrency's pool), one per connection, and
/// answers each request with `Connection: close`. It stops on ``stop()`` or, at the latest,
/// when `lifetime` has passed, so a failing test cannot leave it running. Once stopped, its port
/// refuses connections for as long as the server object lives (see ``RefusingPort``).
///
/// NOTE: the default lifetime is the hang guard's ten minutes, not seconds: a server that expired
/// under load (the thread sanitizer beside the whole suite on two cores) refused a request a
/// starved test sent late, and that test failed for a reason that was not its own. Tests stop
/// their servers with `defer { server.stop() }`; the lifetime only bounds one that is not.
public final class StubHTTPServer: Sendable {
  /// Answers requests whose path has no route.
  public typealias Handler = @Sendable (StubRequest) -> StubResponse

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    /// The failing call and its errno.
    public var description: String
  }

  struct State {
    var routes: [String: StubResponse]
    var requests: [StubRequest] = []
    var connections: Set<Int32> = []
    var hangUps = 0
    var bytesSent = 0
    var listenerOpen = true
    var stopped = false
  }

  /// The port the kernel chose.
  public var port: UInt16 { reservation.port }
  /// Holds the port from start to release, so that no other server can take it once stopped.
  let reservation: RefusingPort
  let listener: Int32
  let handler: Handler?
  let state: Locked<State>
  private let acceptLoopDone = DispatchSemaphore(value: 0)

  /// Starts listening on `address` at once; `routes` are keyed by path (without the query).
  public init(
    routes: [String: StubResponse] = [:], lifetime: Duration = .seconds(600),
    address: Loopback = .first, handler: Handler? = nil
  ) throws(StartError) {
    Self.bypassProxiesForLoopback()
    let reservation = try RefusingPort(address: address)
    guard let fd = Socket.listenOnLoopback(port: reservation.port, address: address) else {
      throw StartError(description: "cannot listen on \(address.host) (errno \(errno))")
    }
    self.reservation = reservation
    self.listener = fd
    self.handler = handler
    self.state = Locked(State(routes: routes))
    let expiry = ContinuousClock.now + lifetime
    let thread = Thread { [self] in acceptLoop(until: expiry) }
    thread.name = "StubHTTPServer:\(reservation.port)"
    thread.start()
  }

  /// `http://<address>:<port>`.
  public var baseURL: URL { reservation.baseURL }

  /// Every request received so far, oldest first.
  public var requests: [StubRequest] { state.withLock { $0.requests } }

  /// How many clients hung up while their answer was delayed, stalled or still being sent.
  public var hangUps: Int { state.withLock { $0.hangUps } }

  /// How many bytes of answers (heads and bodies) the clients took, in all.
  public var bytesSent: Int { state.withLock { $0.bytesSent } }

  /// Waits until `condition` holds (checked every 10 ms), at most `limit`; whether it held.
  public func eventually(
    within limit: Duration = .hangStop, _ condition: (StubHTTPServer) -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition(self) {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  /// Sets or replaces the answer for `path`.
  public func setRoute(_ path: String, _ response: StubResponse) {
    state.withLock { $0.routes[path] = response }
  }

  /// Stops accepting, drops open connections and returns once the listening socket is closed.
  ///
  /// The port then refuses connections until the server is released; keep the server alive
  /// (use it later in the test) while a client must find it refused.
  public func stop() {
    halt()
    acceptLoopDone.wait()
    acceptLoopDone.signal()
  }

  /// Sets `no_proxy`/`NO_PROXY` for loopback once per process, before any request is made.
  ///
  /// libcurl reads proxy variables from the environment, and a proxy would swallow loopback.
  public static func bypassProxiesForLoopback() {
    _ = proxyBypass
  }

  private static let proxyBypass: Void = {
    setenv("no_proxy", "127.0.0.1,127.0.0.2,localhost,::1", 1)
    setenv("NO_PROXY", "127.0.0.1,127.0.0.2,localhost,::1", 1)
  }()

  // MARK: - Serving

  private func acceptLoop(until expiry: ContinuousClock.Instant) {
    while !isStopped, ContinuousClock.now < expiry {
      guard Socket.waitReadable(listener, milliseconds: 50), !isStopped,
        let client = Socket.acceptClient(listener)
      else { continue }
      let accepted = state.withLock { state -> Bool in
        guard !state.stopped else { return false }
        state.connections.insert(client)
        return true
      }
      guard accepted else {
        Socket.close(client)
        break
      }
      let thread = Thread { [self] in serve(client) }
      thread.name = "StubHTTPServer:\(port):\(client)"
      thread.start()
    }
    halt()
    state.withLock { $0.listenerOpen = false }
    Socket.close(listener)
    acceptLoopDone.signal()
  }

  private func halt() {
    state.withLock { state in
      state.stopped = true
      if state.listenerOpen { Socket.shutdownBoth(listener) }
      for connection in state.connections { Socket.shutdownBoth(connection) }
    }
  }

  var isStopped: Bool { state.withLock { $0.stopped } }

  func response(for request: StubRequest) -> StubResponse {
    let route = state.withLock { state -> StubResponse? in
      state.requests.append(request)
      return state.routes[request.path]
    }
    return route ?? handler?(request) ?? .notFound
  }

  /// Closes a connection the serving thread is done with.
  func release(_ fd: Int32) {
    state.withLock { _ = $0.connections.remove(fd) }
    Socket.close(fd)
  }
}
