import Actomaton
import ActomatonDebugging

extension TestStore {
  /// Checks that the next action fed back by an effect is `expected`, and its state change.
  ///
  /// - Parameters:
  ///   - expected: The action expected next.
  ///   - timeout: How far the test clock may be advanced while waiting for it (test-clock time;
  ///     work off the store's executor, real I/O, is waited for in real time up to
  ///     `safetyLimit`).
  ///   - update: Turns the state before the action into the state expected after it; no closure
  ///     means no change is expected.
  ///   - isolation: The caller's actor, so the store (which is not `Sendable`) stays on it;
  ///     leave the default.
  ///   - fileID: The caller's file, where failures are reported; leave the default.
  ///   - filePath: The caller's file path, for XCTest's reports; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func receive(
    _ expected: Action,
    timeout: Duration = .zero,
    _ update: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      describe(expected), timeout: timeout, update,
      at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      isolation: isolation
    ) { $0 == expected }
  }

  /// Checks that the next action fed back is in the case of `casePath`, and its state change.
  ///
  /// For actions that are not `Equatable`, or when the payload does not matter.
  ///
  /// - Parameters:
  ///   - casePath: The case the action is expected in; its payload is not checked.
  ///   - timeout: How far the test clock may be advanced while waiting for it (test-clock time;
  ///     work off the store's executor, real I/O, is waited for in real time up to
  ///     `safetyLimit`).
  ///   - update: Turns the state before the action into the state expected after it; no closure
  ///     means no change is expected.
  ///   - isolation: The caller's actor, so the store (which is not `Sendable`) stays on it;
  ///     leave the default.
  ///   - fileID: The caller's file, where failures are reported; leave the default.
  ///   - filePath: The caller's file path, for XCTest's reports; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration = .zero,
    _ update: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      "an action matching the case path", timeout: timeout, update,
      at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      isolation: isolation
    ) { casePath.extract(from: $0) != nil }
  }

  /// Checks that the next action fed back satisfies `predicate`, and its state change.
  ///
  /// - Parameters:
  ///   - predicate: Returns `true` for the action expected.
  ///   - timeout: How far the test clock may be advanced while waiting for it (test-clock time;
  ///     work off the store's executor, real I/O, is waited for in real time up to
  ///     `safetyLimit`).
  ///   - update: Turns the state before the action into the state expected after it; no closure
  ///     means no change is expected.
  ///   - isolation: The caller's actor, so the store (which is not `Sendable`) stays on it;
  ///     leave the default.
  ///   - fileID: The caller's file, where failures are reported; leave the default.
  ///   - filePath: The caller's file path, for XCTest's reports; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func receive(
    where predicate: @escaping (Action) -> Bool,
    timeout: Duration = .zero,
    _ update: ((inout State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      "an action matching the predicate", timeout: timeout, update,
      at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      isolation: isolation, matching: predicate)
  }

  private func receive(
    _ expectation: String, timeout: Duration, _ update: ((inout State) throws -> Void)?,
    at location: TestSourceLocation, isolation: isolated (any Actor)?,
    matching matches: (Action) -> Bool
  ) async {
    recorder.flush()
    defer { recorder.flush() }
    // NOTE: without exhaustivity, actions that do not match are skipped as they come, and the wait
    // goes on (advancing the clock within `timeout`) for one that does.
    let isReady = { () -> Bool in
      if self.exhaustivity == .off {
        while let step = self.peekStep(), !matches(step.action) {
          self.adopt(step, index: self.handledSteps)
          self.handledSteps += 1
        }
      }
      return self.peekStep() != nil
    }
    guard await waitForStep(timeout: timeout, at: location, isolation: isolation, until: isReady)
    else {
      let advice =
        clock == nil
        ? (timeout > .zero ? " within \(timeout) (real time: the store has no test clock)" : "")
        : ". If an effect sleeps on the test clock, advance the clock first "
          + "(or pass a `timeout:` to let `receive` advance it)"
      fail(
        exhaustivity == .off
          ? "Expected to receive \(expectation), but no matching action was received\(advice)."
          : "Expected to receive \(expectation), but no action was received\(advice).",
        at: location)
      return
    }
    guard let (index, step) = nextStep() else { return }
    guard matches(step.action) else {
      fail(
        "Received an unexpected action.\n  Expected: \(expectation)\n  Received: "
          + describe(step.action),
        at: location)
      adopt(step, index: index)
      return
    }
    check(step, update, name: "receive(\(describe(step.action)))", at: location, index: index)
  }

  /// Waits until `isReady`: for the executor to settle, by advancing the test clock within
  /// `timeout`, and for effects working off the executor up to the safety limit in real time
  /// (without a test clock, up to `timeout` when one is given).
  private func waitForStep(
    timeout: Duration, at location: TestSourceLocation, isolation: isolated (any Actor)?,
    until isReady: () -> Bool
  ) async -> Bool {
    await TestStoreTask.wait(
      clock: clock, timeout: timeout,
      realTimeLimit: clock == nil && timeout > .zero ? timeout : safetyLimit,
      settle: { await self.settle(at: location) }, worksElsewhere: worksElsewhereProbe(),
      until: isReady)
  }

  // MARK: - Steps

  func peekStep() -> Step? {
    while handledOutOfOrder.remove(handledSteps) != nil { handledSteps += 1 }
    let index = handledSteps
    return steps.withLock { index < $0.count ? $0[index] : nil }
  }

  func nextStep() -> (index: Int, step: Step)? {
    guard let step = peekStep() else { return nil }
    handledSteps += 1
    return (handledSteps - 1, step)
  }

  /// The step of the action a send reduced: the first one run inside that send, even when an
  /// effect running off the executor fed an action back just before it.
  func takeStep(sentBy sendID: UInt64) -> (index: Int, step: Step)? {
    guard let first = peekStep() else { return nil }
    if first.sendID == sendID { return nextStep() }
    let start = handledSteps
    let found = steps.withLock { steps in
      steps.indices.dropFirst(start).first { steps[$0].sendID == sendID }.map { ($0, steps[$0]) }
    }
    if let (index, _) = found { handledOutOfOrder.insert(index) }
    return found
  }

  func unhandledSteps() -> [Step] {
    _ = peekStep()
    let index = handledSteps
    let skipped = handledOutOfOrder
    return steps.withLock { steps in
      steps.indices.dropFirst(index).filter { !skipped.contains($0) }.map { steps[$0] }
    }
  }

  func skipUnhandledSteps() {
    let count = steps.withLock { $0.count }
    if count > handledSteps {
      let last = steps.withLock { $0[count - 1] }
      adopt(last, index: count - 1)
    }
    handledSteps = max(handledSteps, count)
    handledOutOfOrder = []
  }

  /// Shows the step's state in `state`, unless a later step is shown already.
  func adopt(_ step: Step, index: Int) {
    guard index > stateStep else { return }
    state = step.after
    stateStep = index
  }

  /// Compares a step's state change with the expectation and adopts the actual state.
  func check(
    _ step: Step, _ update: ((inout State) throws -> Void)?, name: String,
    at location: TestSourceLocation, index: Int
  ) {
    // NOTE: steps are recorded in the order the actor ran them, so each one starts from the state
    // the one before left: asserting every step's change from its own `before` is exhaustive, and
    // stays right for a sent action asserted before an action fed back just ahead of it.
    var expected = exhaustivity == .on ? step.before : step.after
    // NOTE: an object in the state is shared by the expected and the actual state: a closure that
    // writes its fields changes the actual state too, and the comparison could not fail.
    let snapshot = ReferenceSnapshot(step.after)
    do {
      try update?(&expected)
    } catch {
      fail("The state update for \(name) threw: \(error)", at: location)
    }
    let written = snapshot.changes(to: ReferenceSnapshot(step.after))
    if !written.isEmpty {
      fail(
        "The expectation for \(name) wrote through a reference: the state holds an object (a"
          + " class instance) it shares with the actual state, so the closure changed the actual"
          + " state too and it cannot be checked (actual → written by the closure):\n"
          + written.map { "  " + $0 }.joined(separator: "\n")
          + "\nKeep value types in the state, or check the object's fields with `#expect`.",
        at: location)
    } else if expected != step.after {
      let diff = StateDiffText.lines(expected: expected, actual: step.after)
      let hint =
        exhaustivity == .on && update == nil
        ? "\nNo state change was expected: describe it in a closure, e.g. `{ $0.field = value }`."
        : ""
      fail(
        "State after \(name) differs from the expectation (expected → actual):\n"
          + diff.joined(separator: "\n") + hint,
        at: location)
    }
    adopt(step, index: index)
  }

  func describe(_ action: Action) -> String {
    String(describing: action)
  }
}
