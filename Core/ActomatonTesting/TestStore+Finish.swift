import Actomaton
import ActomatonDebugging

extension TestStore {
  func checkNoUnhandledSteps(before name: String, at location: TestSourceLocation) {
    let rest = unhandledSteps()
    guard !rest.isEmpty else { return }
    let shown = rest.prefix(20).map { "  " + describe($0.action) }
    let more = rest.count > shown.count ? ["  … and \(rest.count - shown.count) more"] : []
    fail(
      "\(rest.count) received action(s) were not asserted before \(name):\n"
        + (shown + more).joined(separator: "\n")
        + "\nAssert them with `receive`, or call `skipReceivedActions()`.",
      at: location)
  }

  /// Reports what an exhaustive test left open: actions received but not asserted (at `location`,
  /// the `finish()` call, or when the store is released, at the send that started the first of
  /// them) and effects still running (at the send that started each).
  func checkEnd(at location: TestSourceLocation?) {
    guard exhaustivity == .on else { return }
    let rest = unhandledSteps()
    if let first = rest.first {
      let start = sends.first { $0.id == first.sendID } ?? sends.last
      checkNoUnhandledSteps(
        before: "the end of the test", at: location ?? start?.location ?? creation)
    }
    for send in sends where !send.isDone.withLock({ $0 }) && !runawaySendIDs.contains(send.id) {
      fail(
        "An effect started by send(\(send.description)) is still running at the end of the test."
          + " Cancel it (send the action that stops it, or cancel the task `send` returned),"
          + " let it finish (advance the test clock), or use `exhaustivity = .off`.",
        at: send.location)
    }
  }
}

/// Formats the difference between an expected and an actual state for failure messages.
enum StateDiffText {
  static func lines<State>(expected: State, actual: State) -> [String] {
    let diff = StateDiff(old: expected, new: actual)
    if diff.isEmpty {
      return [
        "  (the values differ, but their descriptions are the same)",
        "  expected: \(expected)", "  actual:   \(actual)",
      ]
    }
    return diff.lines(indent: "  ")
  }
}
