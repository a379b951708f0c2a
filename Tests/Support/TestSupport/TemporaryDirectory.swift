import Foundation

/// Runs `body` with a new, empty directory of its own, removed afterwards with all it holds.
public func withTemporaryDirectory<Result>(
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  defer {
    // NOTE: a test may have made a folder read-only; make everything removable first.
    let paths = FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String]
    for path in [""] + (paths ?? []) {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: directory.appendingPathComponent(path).path)
    }
    try? FileManager.default.removeItem(at: directory)
  }
  return try await body(directory)
}
