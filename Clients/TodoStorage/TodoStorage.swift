import Foundation
import Locking

/// Loads and saves the todo list (a struct of closures, so tests and hosts can replace it).
///
/// The only error it throws is ``StorageError``.
public struct TodoStorage: Sendable {
  /// Reads the saved list; an empty list when nothing was saved yet.
  public var load: @Sendable () async throws(StorageError) -> [TodoItem]
  /// Writes `items` and returns the list as saved. With a `base` (the list as this session last
  /// loaded or saved it), it merges: the changes from `base` to `items` are applied to the list
  /// saved now, which another session may have changed meanwhile (``TodoItem/merge(_:since:into:)``).
  /// Without one, `items` replace the saved list.
  public var write:
    @Sendable (_ items: [TodoItem], _ base: [TodoItem]?) async throws(StorageError) -> [TodoItem]
  /// Whether the saved list may have been changed by someone else since this storage last
  /// loaded or saved it (its file was replaced): worth loading again.
  public var isChanged: @Sendable () async -> Bool

  /// Creates a storage from its two operations.
  public init(
    load: @escaping @Sendable () async throws(StorageError) -> [TodoItem],
    write:
      @escaping @Sendable (_ items: [TodoItem], _ base: [TodoItem]?)
      async throws(StorageError) -> [TodoItem],
    isChanged: @escaping @Sendable () async -> Bool = { false }
  ) {
    self.load = load
    self.write = write
    self.isChanged = isChanged
  }

  /// Creates a storage with one writer: a save, merging or not, writes the list as given, and
  /// nobody else changes it.
  public init(
    load: @escaping @Sendable () async throws(StorageError) -> [TodoItem],
    save: @escaping @Sendable (_ items: [TodoItem]) async throws(StorageError) -> Void
  ) {
    self.load = load
    self.write = { items, _ throws(StorageError) in
      try await save(items)
      return items
    }
    self.isChanged = { false }
  }

  /// Replaces the saved list with `items`.
  public func save(_ items: [TodoItem]) async throws(StorageError) {
    _ = try await write(items, nil)
  }

  /// Applies this session's changes since `base` to the saved list; returns the list as saved.
  public func save(_ items: [TodoItem], since base: [TodoItem]) async throws(StorageError)
    -> [TodoItem]
  {
    try await write(items, base)
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
  /// A storage that keeps the list in memory only, starting with `items`; saves with a base
  /// merge as the live storage's do, so it stands for a file that several sessions share.
  public static func inMemory(_ items: [TodoItem] = []) -> TodoStorage {
    let saved = Locked(items)
    return TodoStorage(
      load: { saved.withLock { $0 } },
      write: { items, base in
        saved.withLock { list in
          list = base.map { TodoItem.merge(items, since: $0, into: list) } ?? items
          return list
        }
      })
  }
}
