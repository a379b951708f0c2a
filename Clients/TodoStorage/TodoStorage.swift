import Foundation
import Locking

/// Loads and saves the todo list (a struct of closures, so tests and hosts can replace it).
///
/// The only error it throws is ``StorageError``.
public struct TodoStorage: Sendable {
  /// Reads the saved list; an empty list when nothing was saved yet.
  public var load: @Sendable () async throws(StorageError) -> [TodoItem]
  /// Replaces the saved list with `items`.
  public var save: @Sendable (_ items: [TodoItem]) async throws(StorageError) -> Void

  /// Creates a storage from its two operations.
  public init(
    load: @escaping @Sendable () async throws(StorageError) -> [TodoItem],
    save: @escaping @Sendable (_ items: [TodoItem]) async throws(StorageError) -> Void
  ) {
    self.load = load
    self.save = save
  }
}

/// One entry of the list, as it is saved.
public struct TodoItem: Codable, Equatable, Hashable, Identifiable, Sendable {
  /// Stable for the item's whole life, whatever its position.
  public var id: UUID
  public var text: String
  public var isCompleted: Bool

  /// Creates an item, not completed unless told.
  public init(id: UUID, text: String, isCompleted: Bool = false) {
    self.id = id
    self.text = text
    self.isCompleted = isCompleted
  }
}

extension TodoStorage {
  /// A storage that keeps the list in memory only, starting with `items`.
  public static func inMemory(_ items: [TodoItem] = []) -> TodoStorage {
    let saved = Locked(items)
    return TodoStorage(
      load: { saved.withLock { $0 } },
      save: { items in saved.withLock { $0 = items } })
  }
}
