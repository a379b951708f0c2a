import TodoStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Todo {
  /// How many items another session added, changed and deleted.
  public struct DiskChange: Equatable, Sendable, Codable, CustomStringConvertible {
    public var added = 0
    public var edited = 0
    public var deleted = 0

    public init(added: Int = 0, edited: Int = 0, deleted: Int = 0) {
      self.added = added
      self.edited = edited
      self.deleted = deleted
    }

    /// The differences from `old` to `new`, by item id.
    init(from old: [TodoItem], to new: [TodoItem]) {
      let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      let newIDs = Set(new.map(\.id))
      for item in new {
        guard let before = oldByID[item.id] else {
          added += 1
          continue
        }
        if before != item { edited += 1 }
      }
      deleted = oldByID.keys.count { !newIDs.contains($0) }
    }

    /// `2 added, 1 deleted`.
    public var description: String {
      [(added, "added"), (edited, "edited"), (deleted, "deleted")].filter { $0.0 > 0 }
        .map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
  }
}
