import Actomaton

/// The effects started by one ``TestStore/send(_:_:isolation:fileID:filePath:line:column:)``.
public struct TestStoreTask: Sendable {
  let task: Task<Void, any Error>?
  let isDone: Locked<Bool>
  let description: String
  let executor: TestExecutor
  let clock: TestClock?
  let safetyLimit: Duration
  let worksElsewhere: @Sendable () async -> Bool
  /// Whether the store has no effect left: the send's task is then only wrapping up.
  let effectsAreOver: @Sendable () async -> Bool

  /// Cancels the effects and waits until their cancellation has settled.
  ///
  /// Use it for a long-running effect (a timer) that the test does not stop by sending an action.
  public func cancel() async {
    task?.cancel()
    await executor.settle()
  }

  /// Waits until every effect the send started has finished, and fails the test if they have not.
  ///
  /// - Parameters:
  ///   - timeout: How far the test clock may be advanced while waiting (test-clock time).
  ///     Effects working off the store's executor (real I/O) are waited for in real time, up to
  ///     the store's safety limit, even while others sleep on the clock; without a test clock,
  ///     `timeout` is that real-time limit.
  ///   - isolation: The caller's actor; leave the default.
  ///   - fileID: The caller's file, where the failure is reported; leave the default.
  ///   - filePath: The caller's file path, for XCTest's reports; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func finish(
    timeout: Duration = .zero,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let isDone = self.isDone
    let executor = self.executor
    let finished = await Self.wait(
      clock: clock, timeout: timeout,
      realTimeLimit: clock == nil && timeout > .zero ? timeout : safetyLimit,
      advancesToTimeout: false, settle: { await executor.settle() },
      // NOTE: once every effect is over, the send's task has only to notice: that is waited
      // for in real time too (under load, the finish gave up in that moment and failed a right
      // test).
      worksElsewhere: { [worksElsewhere, effectsAreOver] in
        if await worksElsewhere() { return true }
        return await effectsAreOver()
      }, until: { isDone.withLock { $0 } })
    guard !finished else { return }
    reportFailure(
      "The effects of send(\(description)) have not finished."
        + (clock == nil
          ? " (waited \(timeout > .zero ? timeout : safetyLimit) in real time)"
          : " If they sleep on the test clock, pass a `timeout:` or advance the clock first."),
      at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Whether the action started no asynchronous work.
  public var isEmpty: Bool { task == nil }

  /// Waits until `isReady` holds: settling, then advancing the test clock to each deadline within
  /// `timeout`, and, while some effect works off the executor (`worksElsewhere`), polling in real
  /// time up to `realTimeLimit`. When `advancesToTimeout` and nothing came, advances the clock to
  /// the timeout. Returns whether `isReady` holds.
  static func wait(
    clock: TestClock?, timeout: Duration, realTimeLimit: Duration, advancesToTimeout: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    settle: () async -> Void, worksElsewhere: () async -> Bool, until isReady: () -> Bool
  ) async -> Bool {
    let deadline = clock.map { $0.now.advanced(by: timeout) }
    let start = ContinuousClock.now
    var polls = 0
    while true {
      await settle()
      if isReady() { return true }
      if let clock, let deadline, let next = clock.nextDeadline, next <= deadline {
        await clock.advance(to: next)
        continue
      }
      // NOTE: effects sleeping on the test clock cannot deliver until it moves, so they are not
      // waited for; work elsewhere (a request over real I/O) is, even while a timer sleeps.
      guard ContinuousClock.now - start < realTimeLimit, await worksElsewhere() else { break }
      polls += 1
      if polls < 20 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
    if advancesToTimeout, let clock, let deadline, timeout > .zero {
      await clock.advance(to: deadline)
      await settle()
    }
    return isReady()
  }
}
