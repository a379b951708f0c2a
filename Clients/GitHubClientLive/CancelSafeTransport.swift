import Foundation
import GitHubClient
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How one request ended, before any HTTP status is looked at.
enum TransportOutcome: Sendable {
  case response(Data, HTTPURLResponse)
  /// A successful answer's body passed `limit` bytes (counted inflated); reading stopped there.
  case tooLarge(limit: Int)
  /// The transfer failed; `at` is where a redirect led, when it did.
  case failure(URLError, at: URL?)
  case cancelled
  case deadlineExceeded
}

/// How much of a body the client reads, counted as it arrives and after inflating.
struct BodyLimits: Sendable {
  /// A successful answer is refused past this many bytes.
  var success: Int
  /// Of an error answer only the message is used: reading stops here, keeping what came.
  var error: Int

  init(maxResponseBytes: Int) {
    success = max(0, maxResponseBytes)
    error = min(success, Self.errorBodyLimit)
  }

  /// GitHub's error bodies are a few hundred bytes.
  static let errorBodyLimit = 64 << 10

  func limit(forStatus status: Int) -> Int { (200..<300).contains(status) ? success : error }
}

extension GitHubClient.Session {
  /// Runs `request` and resumes the caller exactly once, whichever comes first: the answer, a
  /// body past its limit, cancellation of the calling task, or `deadline`.
  ///
  /// NOTE: corelibs' own async `data(for:)` can deadlock on 6.3.x when cancelled (the cancel
  /// handler calls `URLSessionTask.cancel()` under the task's status lock). Here the handler only
  /// flips state, the continuation is resumed outside any lock, and `cancel()` runs on another
  /// queue. The caller never waits for the task to notice, so even a stuck task cannot hang it.
  func data(for request: URLRequest, deadline: Duration, limits: BodyLimits) async
    -> TransportOutcome
  {
    if Task.isCancelled { return .cancelled }
    let pending = PendingRequest(limits: limits)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard pending.attach(continuation) else { return }
        let timer = Task {
          try? await Task.sleep(for: deadline)
          if !Task.isCancelled { pending.finish(.deadlineExceeded) }
        }
        // NOTE: corelibs makes and resumes a task with `sync` calls on the session's work queue,
        // which a flood (an endless or inflating body) can keep busy for as long as the server
        // sends; on a thread of its own that wait never holds one of Swift concurrency's few
        // threads, and the deadline still ends the search.
        let thread = Thread { [urlSession, router] in
          let task = urlSession.dataTask(with: request)
          router.register(pending, for: task)
          if pending.start(task, timer: timer) { task.resume() }
        }
        thread.name = "GitHubClient.start"
        thread.start()
      }
    } onCancel: {
      pending.finish(.cancelled)
    }
  }
}

/// The shared state of one request: its body so far, who resumes the caller, what to cancel.
final class PendingRequest: Sendable {
  private struct State {
    var continuation: CheckedContinuation<TransportOutcome, Never>?
    var task: URLSessionDataTask?
    var timer: Task<Void, Never>?
    var outcome: TransportOutcome?
    var response: HTTPURLResponse?
    var body = Data()
    var redirectedTo: URL?
  }

  private let state = Locked(State())
  private let limits: BodyLimits

  init(limits: BodyLimits) {
    self.limits = limits
  }

  /// Stores the continuation; `false` (after resuming it) when the request already ended.
  func attach(_ continuation: CheckedContinuation<TransportOutcome, Never>) -> Bool {
    let early = state.withLock { state -> TransportOutcome? in
      if state.outcome == nil { state.continuation = continuation }
      return state.outcome
    }
    if let early { continuation.resume(returning: early) }
    return early == nil
  }

  /// Stores the task and its deadline timer; `false` (after cancelling both) when too late.
  func start(_ task: URLSessionDataTask, timer: Task<Void, Never>) -> Bool {
    let tooLate = state.withLock { state -> Bool in
      if state.outcome != nil { return true }
      state.task = task
      state.timer = timer
      return false
    }
    if tooLate { Self.cancel(task: task, timer: timer) }
    return !tooLate
  }

  /// The head arrived; whether to read the body (not when it announces more than the limit).
  func received(_ response: URLResponse) -> Bool {
    guard let http = response as? HTTPURLResponse else {
      finish(.failure(URLError(.badServerResponse), at: nil))
      return false
    }
    let limit = limits.limit(forStatus: http.statusCode)
    if (200..<300).contains(http.statusCode), http.expectedContentLength > Int64(limit) {
      finish(.tooLarge(limit: limit))
      return false
    }
    return state.withLock { state in
      state.response = http
      return state.outcome == nil
    }
  }

  /// A redirect is followed to `url`.
  func redirected(to url: URL?) {
    state.withLock { $0.redirectedTo = url }
  }

  /// A piece of the body, already inflated: kept while within the limit.
  func received(_ data: Data) {
    let ended = state.withLock { state -> TransportOutcome? in
      guard state.outcome == nil, let response = state.response else { return nil }
      let limit = limits.limit(forStatus: response.statusCode)
      let room = limit - state.body.count
      if data.count <= room {
        state.body.append(data)
        return nil
      }
      if (200..<300).contains(response.statusCode) { return .tooLarge(limit: limit) }
      state.body.append(data.prefix(room))
      return .response(state.body, response)
    }
    if let ended { finish(ended) }
  }

  /// The task ended, with the answer read or with `error`.
  func completed(_ error: (any Error)?) {
    let outcome = state.withLock { state -> TransportOutcome in
      if let error {
        let urlError = error as? URLError ?? URLError(.unknown)
        return urlError.code == .cancelled
          ? .cancelled : .failure(urlError, at: state.redirectedTo)
      }
      guard let response = state.response else {
        return .failure(URLError(.badServerResponse), at: state.redirectedTo)
      }
      return .response(state.body, response)
    }
    finish(outcome, byTask: true)
  }

  /// Ends the request with `outcome` unless it already ended; safe from any thread.
  ///
  /// The continuation is resumed outside the lock; the task is cancelled unless it finished.
  func finish(_ outcome: TransportOutcome, byTask: Bool = false) {
    let taken = state.withLock { state -> Taken? in
      guard state.outcome == nil else { return nil }
      state.outcome = outcome
      defer {
        (state.continuation, state.task, state.timer) = (nil, nil, nil)
        state.body = Data()
      }
      return Taken(continuation: state.continuation, task: state.task, timer: state.timer)
    }
    guard let taken else { return }
    taken.continuation?.resume(returning: outcome)
    Self.cancel(task: byTask ? nil : taken.task, timer: taken.timer)
  }

  private struct Taken {
    var continuation: CheckedContinuation<TransportOutcome, Never>?
    var task: URLSessionDataTask?
    var timer: Task<Void, Never>?
  }

  private static func cancel(task: URLSessionDataTask?, timer: Task<Void, Never>?) {
    timer?.cancel()
    guard let task else { return }
    // NOTE: a thread of its own: `cancel()` waits for the session's work queue, which a flood
    // (an endless or inflating body) can keep busy for as long as the server sends; blocked on
    // dispatch's global queue it would starve Swift concurrency's pool, which runs on it.
    let thread = Thread { task.cancel() }
    thread.name = "GitHubClient.cancel"
    thread.start()
  }
}
