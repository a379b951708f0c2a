import Foundation
import GitHubClient
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension GitHubClient {
  /// The live client's long-lived `URLSession`, with the delegate that every search relies on:
  /// it streams bodies into a counted buffer and keeps credentials at their origin on redirects.
  ///
  /// A plain `URLSession` would buffer a whole answer before it could be measured and forward
  /// the `Authorization` header to wherever a redirect points, so the client takes only these.
  public final class Session: Sendable {
    let urlSession: URLSession
    let router: TransportRouter
    /// Held here: an operation queue does not keep its underlying queue alive.
    private let delegateDispatchQueue = DispatchQueue(label: "GitHubClient.Session.delegate")

    /// A session over `configuration` (by default ephemeral, without a URL cache).
    public init(configuration: URLSessionConfiguration = Session.defaultConfiguration) {
      let router = TransportRouter()
      self.router = router
      // NOTE: a queue of its own for the delegate, so that a flood of received bytes waits
      // here and not among the jobs of dispatch's global queues, on which Swift concurrency's
      // jobs run as well.
      let delegateQueue = OperationQueue()
      delegateQueue.maxConcurrentOperationCount = 1
      delegateQueue.underlyingQueue = delegateDispatchQueue
      urlSession = URLSession(
        configuration: configuration, delegate: router, delegateQueue: delegateQueue)
    }

    /// `.ephemeral`, no URL cache, no cached answers.
    public static var defaultConfiguration: URLSessionConfiguration {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      return configuration
    }

    deinit {
      // NOTE: a session keeps its delegate until invalidated; the shared one lives for good.
      urlSession.finishTasksAndInvalidate()
    }
  }
}

/// Scheme, host and port: where credentials may go (RFC 6454), as curl and Go's `net/http` judge.
struct Origin: Equatable {
  var scheme: String
  var host: String
  var port: Int?

  init(_ url: URL) {
    scheme = url.scheme?.lowercased() ?? ""
    host = url.host?.lowercased() ?? ""
    port = url.port ?? Self.defaultPort[scheme]
  }

  private static let defaultPort = ["http": 80, "https": 443]
}

/// The session delegate: hands each task's events to the request that waits for it.
final class TransportRouter: NSObject, URLSessionDataDelegate, Sendable {
  private let pending = Locked<[Int: PendingRequest]>([:])

  func register(_ request: PendingRequest, for task: URLSessionTask) {
    pending.withLock { $0[task.taskIdentifier] = request }
  }

  private func request(for task: URLSessionTask) -> PendingRequest? {
    pending.withLock { $0[task.taskIdentifier] }
  }

  /// Follows a redirect, without credentials when it leaves the origin of the first request.
  ///
  /// NOTE: corelibs copies the whole request, `Authorization` included, to any host, port or
  /// scheme; it asks this delegate first, also for data tasks.
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    var next = request
    let from = task.originalRequest?.url.map(Origin.init)
    if from == nil || from != next.url.map(Origin.init) {
      for name in Self.credentialHeaders { next.setValue(nil, forHTTPHeaderField: name) }
    }
    self.request(for: task)?.redirected(to: next.url)
    completionHandler(next)
  }

  static let credentialHeaders = ["Authorization", "Cookie", "Proxy-Authorization"]

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    // NOTE: corelibs ignores the disposition; a request that ends here cancels its task itself.
    let proceed = request(for: dataTask)?.received(response) ?? false
    completionHandler(proceed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    request(for: dataTask)?.received(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    // NOTE: the last event of a task: its request is forgotten here, also when it ended before.
    let request = pending.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    request?.completed(error)
  }
}
