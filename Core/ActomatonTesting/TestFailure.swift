import Testing
import XCTest

/// Where in a test a step was written, for reporting failures at the caller's line.
public struct TestSourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// The location of the caller, when used as a default argument.
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
/// Inside a Swift Testing test the failure is recorded as an issue; otherwise it goes to XCTest.
func reportFailure(_ message: String, at location: TestSourceLocation) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(location.fileID)", filePath: "\(location.filePath)",
        line: Int(location.line), column: Int(location.column)))
  } else {
    XCTFail(message, file: location.filePath, line: location.line)
  }
}
