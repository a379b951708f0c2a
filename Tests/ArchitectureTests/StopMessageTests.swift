import Foundation
import Testing

/// A programming error in the library or the app stops with its message in every build. An
/// optimised build (`-c release`, a host's release configuration) checks a `precondition` but
/// prints nothing: the program ends on an illegal instruction, and the message naming the way
/// out (`/`'s refusal, the state read while reducing) is lost. `fatalError` prints it always.
@Suite struct StopMessageTests {
  static let layers = ["Core", "Features", "Clients", "App"]
  static let silentInRelease = [
    "precondition(", "preconditionFailure(", "assert(", "assertionFailure(",
  ]

  /// The `.swift` files under `path` (relative to the package root).
  static func sources(in path: String) -> [URL] {
    let root = ArchitectureMapTests.root.appendingPathComponent(path)
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
  }

  @Test func noStopInTheLibraryOrTheAppLosesItsMessageInARelease() throws {
    var files = 0
    for layer in Self.layers {
      for file in Self.sources(in: layer) {
        files += 1
        let lines = try String(contentsOf: file, encoding: .utf8).split(
          separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
          let code = line.trimmingCharacters(in: .whitespaces)
          guard !code.hasPrefix("//") else { continue }
          for call in Self.silentInRelease where code.contains(call) {
            let message: String =
              "\(file.path):\(index + 1): `\(call)` prints nothing in a release build; write "
              + "`guard condition else { fatalError(message) }`"
            Issue.record(Comment(rawValue: message))
          }
        }
      }
    }
    #expect(files > 100, "the sources were not found under \(ArchitectureMapTests.root.path)")
  }
}
