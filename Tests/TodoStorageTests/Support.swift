import Foundation
import TestSupport
import TodoStorage
import TodoStorageLive

/// Runs `body` with a new, empty directory of its own, removed afterwards with all it holds.
func withTemporaryDirectory<Result>(
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("TodoStorageTests-\(UUID().uuidString)", isDirectory: true)
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

extension URL {
  var todosFile: URL { appendingPathComponent(TodoStorage.fileName) }

  /// The names in this directory, sorted.
  var entries: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }
}

extension TodoItem {
  static func numbered(_ count: Int, completedEvery: Int = 3) -> [TodoItem] {
    (1...max(count, 1)).prefix(count).map {
      TodoItem(id: UUID($0), text: "Item \($0) ✓ «quoted»", isCompleted: $0 % completedEvery == 0)
    }
  }
}

/// Prints `child: ` and what `body` returned or threw, for the parent test to check.
func report(_ body: () async throws -> String) async {
  do {
    print("child: \(try await body())")
  } catch {
    print("child: \(error)")
  }
}
