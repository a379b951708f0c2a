import Actomaton
import Foundation
import Testing
import XCTest

/// Where in a test a step was written, for reporting failures at the caller's line.
public struct TestSourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// The location of the caller, when used as a default argument.
  ///
  /// - Parameters:
  ///   - fileID: The file's ID (`Module/File.swift`), for Swift Testing; leave the default.
  ///   - filePath: The file's full path, for XCTest; leave the default.
  ///   - line: The line; leave the default.
  ///   - column: The column; leave the default.
  public init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Reports a test failure through the framework running the current test.
///
/// Inside a Swift Testing test the failure is recorded as an issue of that test. With no test
/// current (a store made in a `Task.detached`), in a process that runs Swift Testing, it is
/// recorded as an issue of the run, written to standard error, and the process exits non-zero;
/// in any other process it goes to XCTest, whose current test is the process's.
func reportFailure(_ message: String, at location: TestSourceLocation) {
  if Test.current != nil {
    recordIssue(message, at: location)
  } else if TestProcess.runsSwiftTesting {
    // NOTE: `XCTFail` does nothing here. Swift Testing hands an issue recorded outside any test
    // to every run in progress, which then fails; the exit status is forced too, for a failure
    // that comes when no run is in progress (a store released after the run) to reach.
    recordIssue(message, at: location)
    TestProcess.failWithoutTest(message, at: location)
  } else {
    XCTFail(message, file: location.filePath, line: location.line)
  }
}

private func recordIssue(_ message: String, at location: TestSourceLocation) {
  Issue.record(
    Comment(rawValue: message),
    sourceLocation: SourceLocation(
      fileID: "\(location.fileID)", filePath: "\(location.filePath)",
      line: Int(location.line), column: Int(location.column)))
}

/// What this process runs, and the failures that had no test to report to.
enum TestProcess {
  private static let failureCount = Locked(0)

  /// Whether this process was started to run Swift Testing (`--testing-library swift-testing`,
  /// as SwiftPM starts it).
  // NOTE: SwiftPM runs XCTest and Swift Testing in separate processes of the same executable, told
  // apart only by these arguments. A process that runs both (Xcode's) is taken for XCTest, whose
  // current test is the process's: a failure with no Swift Testing test current goes there.
  static let runsSwiftTesting: Bool = {
    let arguments = CommandLine.arguments
    return zip(arguments, arguments.dropFirst()).contains {
      $0 == "--testing-library" && $1 == "swift-testing"
    }
  }()

  /// Writes a failure that no test took to standard error, and makes the process exit non-zero.
  static func failWithoutTest(_ message: String, at location: TestSourceLocation) {
    StandardError.write(
      "\(location.fileID):\(location.line): error: ActomatonTesting: a failure with no test to"
        + " report to (a store used outside the test's task tree, such as in Task.detached):\n"
        + message + "\n")
    let isFirst = failureCount.withLock { count in
      defer { count += 1 }
      return count == 0
    }
    if isFirst { atexit(exitFailingIfAnyFailureHadNoTest) }
  }

  fileprivate static var failuresWithoutTest: Int { failureCount.withLock { $0 } }
}

/// At exit: the run cannot pass with failures that no test took.
private func exitFailingIfAnyFailureHadNoTest() {
  let count = TestProcess.failuresWithoutTest
  guard count > 0 else { return }
  StandardError.write(
    "error: ActomatonTesting: \(count) failure(s) had no test to report to; exiting with 1.\n")
  fflush(nil)
  _exit(1)
}

/// A test store's failures, delivered to the test that created the store even when they happen
/// off its task.
///
/// Swift Testing knows the running test from a task-local value, so a failure found in a
/// `Task.detached` (or in a store released on another thread) would reach no test, and `XCTFail`
/// does nothing under Swift Testing: the wrong test would pass. Such failures wait here and are
/// recorded on the test's task: at the store's next step, at its `finish()`, or by a task the store
/// started on the test's task, which inherited the test's context, when the store is released
/// off the task.
final class FailureRecorder: Sendable {
  private let usesSwiftTesting: Bool
  private let pending = Locked<[(message: String, location: TestSourceLocation)]>([])
  private let wake: AsyncStream<Void>.Continuation

  init() {
    usesSwiftTesting = Test.current != nil
    let (stream, wake) = AsyncStream<Void>.makeStream()
    self.wake = wake
    guard usesSwiftTesting else { return }
    let pending = self.pending
    // NOTE: an unstructured task copies the task-local values of the task that creates it: this
    // one records, within the test, what a release off the test's task left.
    Task {
      for await _ in stream {}
      for failure in pending.withLock({ pending in
        defer { pending = [] }; return pending
      }) {
        reportFailure(failure.message, at: failure.location)
      }
    }
  }

  /// Records the failure now when running in the test (or under XCTest, whose current test is
  /// global); otherwise keeps it for the test's task.
  func record(_ message: String, at location: TestSourceLocation) {
    if !usesSwiftTesting || Test.current != nil {
      reportFailure(message, at: location)
    } else {
      pending.withLock { $0.append((message, location)) }
    }
  }

  /// Records the failures kept from elsewhere, when called on the test's task.
  func flush() {
    guard Test.current != nil else { return }
    for failure in pending.withLock({ pending in
      defer { pending = [] }; return pending
    }) {
      reportFailure(failure.message, at: failure.location)
    }
  }

  /// Records what is left: here when on the test's task, else by the task kept for it.
  func close() {
    flush()
    wake.finish()
  }
}
