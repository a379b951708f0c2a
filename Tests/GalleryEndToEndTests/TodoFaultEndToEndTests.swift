import ChildTest
import Foundation
import Testing

/// The `gallery` binary saving its list into a directory the kernel refuses to write to, or past
/// a file size limit. A child test drops root and runs the app, which inherits the user; or it
/// ignores SIGXFSZ, runs the app, which inherits that, and limits the app's file size. The test
/// process itself is untouched.
@Suite struct TodoFaultEndToEndTests {
  enum Fault: String, CaseIterable, Sendable {
    /// The directory is read-only, and the app does not run as root.
    case readOnlyDirectory
    /// The app may write files of at most 100 bytes (`ulimit -f`, from when it has started): a
    /// full disk, in effect.
    case fileSizeLimit

    /// What the storage says went wrong.
    func reason(directory: URL) -> String {
      switch self {
      case .readOnlyDirectory:
        "Cannot write to \(directory.path) (Permission denied); check that it exists and is "
          + "writable."
      case .fileSizeLimit:
        "No space left for \(directory.path)/todos.json (File too large). Free some space and "
          + "try again."
      }
    }
  }

  // NOTE: `wait 30` returns once the save has failed; its limit only stops a hung test.
  static let script = "todo\nadd a\nadd b\nwait 30\nlist\n"

  @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
  func childRunsTheGalleryUnderAFault() async throws {
    let words = ChildTest.instruction!.split(separator: " ", maxSplits: 1).map(String.init)
    let fault = try #require(Fault(rawValue: words[0]))
    if fault == .readOnlyDirectory { try ChildTest.dropRoot() }
    if fault == .fileSizeLimit { try ChildTest.ignoreFileSizeSignal() }
    let result = try await GalleryProcess.run(["--data-dir", words[1]], input: Self.script) { app in
      if fault == .fileSizeLimit {
        try ChildTest.limitFileSize(to: 100, of: app.processIdentifier)
      }
    }
    print("\(result.output)child: status \(result.status)\nchild: errors \(result.errors)")
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"), arguments: Fault.allCases)
  func aFailedSaveSaysWhyKeepsTheListAndLeavesTheFileAlone(fault: Fault) async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try await GalleryProcess.run(
      ["--data-dir", directory.path], input: "todo\nadd old\nquit\n")
    #expect(first.status == 0)
    let file = directory.appendingPathComponent("todos.json")
    let before = try Data(contentsOf: file)
    // NOTE: a new list is its owner's only (0600); this one is shared, so that the app, run as
    // another user, reads it.
    try setPermissions(0o644, of: file)
    if fault == .readOnlyDirectory { try setPermissions(0o555, of: directory) }
    defer { try? setPermissions(0o755, of: directory) }

    let child = try await ChildTest.run(
      "childRunsTheGalleryUnderAFault", instruction: "\(fault.rawValue) \(directory.path)")

    #expect(child.status == 0, "\(child.output)")
    let reason = fault.reason(directory: directory)
    let lastLines = [
      "3 active, 0 completed", "  1. [ ] old", "  2. [ ] a", "  3. [ ] b",
      "! Not saved: \(reason) The list is kept in memory; the next change tries again.",
      "error: The todo list could not be saved before quitting: \(reason) Its 3 item(s), to "
        + "keep by hand:",
      "  [ ] old", "  [ ] a", "  [ ] b", "child: status 0", "",
    ]
    #expect(
      child.output.contains("\n" + lastLines.joined(separator: "\n")),
      "'list' shows every item and why they are not saved, the end of input prints the list, and the app exits normally"
    )
    #expect(child.output.contains("child: errors \n"), "nothing on standard error")
    #expect(try Data(contentsOf: file) == before, "the file still holds the previous list")
    let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(entries == ["todos.json"], "no temporary file is left")
  }

  private func setPermissions(_ mode: Int, of file: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
  }
}
