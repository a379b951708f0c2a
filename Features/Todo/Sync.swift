import TodoStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Todo.State {
  /// Takes in the list as a save left it: this session's changes made since the save started
  /// stay, and what other sessions saved meanwhile is shown and counted.
  mutating func adopt(_ saved: [TodoItem]) {
    let before = items
    items = TodoItem.merge(items, since: synced.items, into: saved)
    synced.items = saved
    let change = Todo.DiskChange(from: before, to: items)
    if change != Todo.DiskChange() { changedOnDisk = change }
  }
}

/// The list as this session last loaded or saved it: what its next save merges from.
/// Bookkeeping only, like ``SaveTimers``.
struct Synced: Equatable, Sendable, Codable {
  var items: [TodoItem] = []

  static func == (_: Synced, _: Synced) -> Bool { true }
}

extension Todo.State {
  /// This state's list with `current`'s record of what is saved: what undo puts back, so that
  /// the next save changes the file from what it holds now to this list (with this state's
  /// own record, the save would merge from an older list and keep what undo took away).
  /// A question pending then is not asked again: it belonged to that moment, and the line
  /// typed next would be taken as its answer.
  public func restored(over current: Todo.State) -> Todo.State {
    var state = self
    state.synced = current.synced
    state.saveTimers = current.saveTimers
    state.confirmation = nil
    return state
  }
}

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
