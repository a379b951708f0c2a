import Actomaton

/// The effects started by one ``TestStore/send(_:_:isolation:fileID:filePath:line:column:)``.
public struct TestStoreTask: Sendable {
  let task: Task<Void, any Error>?
  let isDone: Locked<Bool>
  let description: String
  let executor: TestExecutor
  let clock: TestClock?
  let safetyLimit: Duration

  /// Cancels the effects and waits until their cancellation has settled.
  public func cancel() async {
    task?.cancel()
    await executor.settle()
  }

  /// Waits until every effect the send started has finished, and fails the test if they have not.
  ///
  /// - Parameter timeout: How far the test clock may be advanced while waiting (test-clock time;
  ///   nothing waits in real time). Effects running off the store's executor get the store's
  ///   real-time safety limit.
  public func finish(
    timeout: Duration = .zero,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await executor.settle()
    if let clock {
      let deadline = clock.now.advanced(by: timeout)
      while !isFinished, let next = clock.nextDeadline, next <= deadline {
        await clock.advance(to: next)
      }
    }
    // NOTE: effects sleeping on the clock past the timeout fail at once; effects that work
    // elsewhere (real I/O) get the safety limit.
    if !isFinished, clock?.nextDeadline == nil {
      await Self.waitInRealTime(executor: executor, limit: safetyLimit) { isFinished }
    }
    guard !isFinished else { return }
    reportFailure(
      "The effects of send(\(description)) have not finished."
        + (clock == nil
          ? "" : " If they sleep on the test clock, pass a `timeout:` or advance the clock first."),
      at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Whether the action started no asynchronous work.
  public var isEmpty: Bool { task == nil }

  private var isFinished: Bool { isDone.withLock { $0 } }

  /// Yields and settles the executor until `isDone` holds or `limit` (real time) has passed; only
  /// for effects running off the store's executor, which nothing else can wait for.
  static func waitInRealTime(
    executor: TestExecutor, limit: Duration, isolation: isolated (any Actor)? = #isolation,
    until isDone: () -> Bool
  ) async {
    let start = ContinuousClock.now
    while !isDone(), ContinuousClock.now - start < limit {
      await Task.yield()
      await executor.settle()
    }
  }
}
