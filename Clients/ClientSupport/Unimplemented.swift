import Foundation
import Locking

/// The error a client throws from an endpoint that must not be called in a test.
///
/// Each client's error type conforms, with a case `unimplemented(String)` that names the call.
public protocol UnimplementedFailure: Error {
  /// The error for a call to `endpoint`, spelled `Client.endpoint`.
  static func unimplemented(_ endpoint: String) -> Self
}

/// How every client builds its `.unimplemented` value, and where calls to it are reported.
///
/// NOTE: a client's interface module is linked into the app, so it must not link XCTest or
/// Swift Testing. In a test binary that links `ActomatonTesting`, a call fails the running test
/// (Swift Testing or XCTest) with nothing to install; a host may install its own reporter
/// instead; otherwise reports go to standard error. Either way the call then throws.
public enum Unimplemented {
  /// An endpoint that must not be called: a call reports a failure naming `name` and throws
  /// `Failure.unimplemented(name)`.
  ///
  /// ```swift
  /// public static let unimplemented = TodoStorage(
  ///   load: Unimplemented.endpoint("TodoStorage.load"),
  ///   save: Unimplemented.endpoint("TodoStorage.save"))
  /// ```
  public static func endpoint<each Input, Output, Failure: UnimplementedFailure>(
    _ name: String
  ) -> @Sendable (repeat each Input) async throws(Failure) -> Output {
    { (_: repeat each Input) async throws(Failure) -> Output in
      report("\(name) is unimplemented in this test.")
      throw Failure.unimplemented(name)
    }
  }

  private static let reporter = Locked<(@Sendable (String) -> Void)?>(nil)

  /// Sends every later report to `report`, replacing the reporter installed before.
  public static func installReporter(_ report: @escaping @Sendable (String) -> Void) {
    reporter.withLock { $0 = report }
  }

  /// Reports `message` to the installed reporter, else as a failure of the running test when
  /// `ActomatonTesting` is linked, else to standard error.
  public static func report(_ message: String) {
    if let report = reporter.withLock({ $0 }) {
      report(message)
    } else if let testFailure = testFailureReport, testFailure.init(message) != nil {
      return
    } else {
      FileHandle.standardError.write(Data("unimplemented: \(message)\n".utf8))
    }
  }

  // NOTE: found by name rather than imported (ActomatonTesting links the test frameworks, which
  // an app must not); present only in a binary that links ActomatonTesting. See
  // `ActomatonTesting.UnimplementedCallReport`.
  // Looked up on each report: only a misused endpoint pays for it.
  private static var testFailureReport: (any LosslessStringConvertible.Type)? {
    _typeByName("16ActomatonTesting23UnimplementedCallReportV")
      as? any LosslessStringConvertible.Type
  }
}
