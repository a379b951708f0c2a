/// Records a call to a client's `.unimplemented` endpoint as a failure of the running test, for
/// `ClientSupport`, which finds this type by name at run time.
///
/// NOTE: `ClientSupport` is linked into apps, so it links no test framework, and Core imports no
/// client module. A test binary that links `ActomatonTesting` carries this type's metadata; the
/// client's report looks it up by its mangled name, `16ActomatonTesting23UnimplementedCallReportV`,
/// and calls `init?(_:)`. So a host's tests fail on an unexpected call with nothing to install.
/// The name is part of the contract: renaming or moving the type breaks the lookup, which
/// `UnimplementedHostTests` catches.
struct UnimplementedCallReport: LosslessStringConvertible {
  /// The message recorded.
  var description: String

  /// Records `message` through the framework running the current test: an issue in a Swift
  /// Testing test, else an XCTest failure.
  init?(_ message: String) {
    description = message
    reportFailure(message, at: TestSourceLocation())
  }
}
