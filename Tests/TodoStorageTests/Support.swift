import Foundation
import TestSupport
import TodoStorage
import TodoStorageLive

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
