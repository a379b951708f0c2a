import ClientSupport
import Foundation
import Testing

extension Unimplemented {
  /// Makes every later call to an unimplemented client endpoint a failure of the Swift Testing
  /// test that made it (outside a test, a line on standard error). Installed once; every builder
  /// of this target calls it, so suites get it without asking.
  public static func failTheRunningTest() { _ = testReporter }

  // NOTE: the package's suites are all Swift Testing, and an effect's task inherits the test's
  // task-local `Test.current`, so a call from an effect is charged to the test that started it.
  private static let testReporter: Void = installReporter { message in
    if Test.current != nil {
      Issue.record(Comment(rawValue: message))
    } else {
      FileHandle.standardError.write(Data("unimplemented: \(message)\n".utf8))
    }
  }
}
