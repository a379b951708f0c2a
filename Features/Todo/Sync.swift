import Synchronization
import TodoStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where this session's list stands with its storage: the list as last loaded or saved, and the
/// saves asked for and not answered yet. Bookkeeping only, like ``SaveTimers``.
struct Synced: Equatable, Sendable, Codable {
  /// The list as this session last loaded or saved it.
  var items: [TodoItem] = []
  /// The saves asked for and not answered yet, oldest first (they run in that order).
  var pending: [PendingSave] = []
  var nextSerial = 0
  /// Which of this session's saves landed, as the saves themselves find out.
  let outcomes = SaveOutcomes()

  static func == (_: Synced, _: Synced) -> Bool { true }

  private enum CodingKeys: String, CodingKey { case items, pending, nextSerial }

  init() {}

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    items = try container.decode([TodoItem].self, forKey: .items)
    pending = try container.decodeIfPresent([PendingSave].self, forKey: .pending) ?? []
    nextSerial = try container.decodeIfPresent(Int.self, forKey: .nextSerial) ?? 0
  }
}

/// A save asked for and not answered yet.
struct PendingSave: Equatable, Sendable, Codable {
  var serial: Int
  /// The list it writes, as this session sees it now: the lists adopted since it was asked for
  /// are merged in. `nil` for a save that reads the list itself (a flush while loading) until
  /// the load says what it holds.
  var sent: [TodoItem]?
}

/// The last of a session's saves that landed. A save asked for while earlier ones were still
/// running cannot know, when it is made, which of them will land; it learns it here when it runs.
final class SaveOutcomes: Sendable {
  private let lastLanded = Mutex(-1)

  func landed(_ serial: Int) { lastLanded.withLock { $0 = serial } }

  /// What a save merges from: the list of the latest earlier save that landed, if that save was
  /// still unanswered when this one was asked for; otherwise `base`, the list as the session
  /// had it saved then.
  func base(_ base: [TodoItem], ahead: [PendingSave]) -> [TodoItem] {
    let landed = lastLanded.withLock { $0 }
    // NOTE: saves run one at a time in the order they were asked for, so a save ahead of this
    // one either landed (and is the last to have landed, or an earlier one is) or failed.
    return ahead.last { $0.serial == landed }?.sent ?? base
  }
}

extension Todo.State {
  /// Asks for a save of the list as it is now; returns its serial, the base it merges from and
  /// the saves ahead of it.
  mutating func askSave() -> (serial: Int, base: [TodoItem], ahead: [PendingSave]) {
    let ahead = synced.pending
    let serial = synced.nextSerial
    synced.nextSerial += 1
    synced.pending.append(PendingSave(serial: serial, sent: items))
    return (serial, synced.items, ahead)
  }

  /// Takes in the list as the oldest pending save left it: this session's changes made since
  /// that save was asked for stay, and what other sessions saved meanwhile is shown and counted.
  mutating func adopt(_ saved: [TodoItem]) {
    let sent = synced.pending.isEmpty ? nil : synced.pending.removeFirst().sent
    let base = sent ?? synced.items
    let before = items
    items = TodoItem.merge(items, since: base, into: saved)
    for index in synced.pending.indices {
      synced.pending[index].sent = synced.pending[index].sent.map {
        TodoItem.merge($0, since: base, into: saved)
      }
    }
    synced.items = saved
    guard items != before else { return }
    let change = Todo.DiskChange(from: before, to: items)
    if change != Todo.DiskChange() { changedOnDisk = change }
  }

  /// The oldest pending save failed: nothing of it is on disk.
  mutating func dropFailedSave() {
    if !synced.pending.isEmpty { synced.pending.removeFirst() }
  }

  /// Takes in a list loaded again (not by a save of this session's): the unanswered saves and
  /// the changes since are merged into it.
  mutating func adoptReloaded(_ loaded: [TodoItem]) {
    let before = items
    items = TodoItem.merge(items, since: synced.items, into: loaded)
    for index in synced.pending.indices {
      synced.pending[index].sent = synced.pending[index].sent.map {
        TodoItem.merge($0, since: synced.items, into: loaded)
      }
    }
    synced.items = loaded
    guard items != before else { return }
    let change = Todo.DiskChange(from: before, to: items)
    if change != Todo.DiskChange() { changedOnDisk = change }
  }
}
