import Foundation
import GitHubClient
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How one request ended, before any HTTP status is looked at.
enum TransportOutcome: Sendable {
  case response(Data, HTTPURLResponse)
  case failure(URLError)
  case cancelled
  case deadlineExceeded
}

extension URLSession {
  /// Runs `request` on a data task that resumes the caller exactly once, whichever comes first:
  /// the task's completion, cancellation of the calling task, or `deadline`.
  ///
  /// NOTE: corelibs' own async `data(for:)` can deadlock on 6.3.x when cancelled (the cancel
  /// handler calls `URLSessionTask.cancel()` under the task's status lock). Here the handler only
  /// flips state, the continuation is resumed outside any lock, and `cancel()` runs on another
  /// queue. The caller never waits for the task to notice, so even a stuck task cannot hang it.
  func cancelSafeData(for request: URLRequest, deadline: Duration) async -> TransportOutcome {
    if Task.isCancelled { return .cancelled }
    let pending = PendingRequest()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard pending.attach(continuation) else { return }
        let task = dataTask(with: request) { data, response, error in
          let outcome = Self.outcome(data: data, response: response, error: error)
          pending.finish(outcome, byTask: true)
        }
        let timer = Task {
          try? await Task.sleep(for: deadline)
          if !Task.isCancelled { pending.finish(.deadlineExceeded) }
        }
        if pending.start(task, timer: timer) { task.resume() }
      }
    } onCancel: {
      pending.finish(.cancelled)
    }
  }

  private static func outcome(data: Data?, response: URLResponse?, error: (any Error)?)
    -> TransportOutcome
  {
    if let error {
      let urlError = error as? URLError ?? URLError(.unknown)
      return urlError.code == .cancelled ? .cancelled : .failure(urlError)
    }
    guard let http = response as? HTTPURLResponse else {
      return .failure(URLError(.badServerResponse))
    }
    return .response(data ?? Data(), http)
  }
}

/// The shared state of one request: who resumes the caller, and what to cancel afterwards.
private final class PendingRequest: Sendable {
  private struct State {
    var continuation: CheckedContinuation<TransportOutcome, Never>?
    var task: URLSessionDataTask?
    var timer: Task<Void, Never>?
    var outcome: TransportOutcome?
  }

  private let state = Locked(State())

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

  /// Ends the request with `outcome` unless it already ended; safe from any thread.
  ///
  /// The continuation is resumed outside the lock; the task is cancelled unless it finished.
  func finish(_ outcome: TransportOutcome, byTask: Bool = false) {
    let taken = state.withLock { state -> Taken? in
      guard state.outcome == nil else { return nil }
      state.outcome = outcome
      defer { (state.continuation, state.task, state.timer) = (nil, nil, nil) }
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
    DispatchQueue.global().async { task.cancel() }
  }
}
