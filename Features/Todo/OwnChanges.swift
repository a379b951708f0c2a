import Synchronization
import TodoStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One change this session made itself.
enum OwnChange: Sendable {
  /// An item added (`before` is `nil`), deleted (`after` is `nil`) or edited, and where it was.
  case item(before: TodoItem?, after: TodoItem?, index: Int)
  /// Two items swapped places.
  case swapped(UUID, UUID)

  /// The change that takes this one back.
  var inverse: OwnChange {
    switch self {
    case let .item(before, after, index): .item(before: after, after: before, index: index)
    case .swapped: self
    }
  }
}

/// The changes this session made itself, newest last: what undo takes back and redo makes
/// again, leaving what other sessions changed alone. States share their common past (a list of
/// nodes, one per edit), so the states undo keeps cost one node per edit in all.
/// Bookkeeping only, like ``SaveTimers``: never encoded, and any two compare equal.
struct OwnChanges: Equatable, Sendable, Codable {
  /// How many edits back undo can always reach (as many as the REPL undoes); the list keeps at
  /// most twice as many.
  static let kept = 100

  final class Node: Sendable {
    /// One edit's changes, in the order they were made.
    let changes: [OwnChange]
    let depth: Int
    // NOTE: the only mutation is cutting the list behind the edits kept, which no state that
    // undo can still reach looks past.
    private let earlier: Mutex<Node?>

    init(_ changes: [OwnChange], after previous: Node?) {
      self.changes = changes
      self.depth = (previous?.depth ?? 0) + 1
      self.earlier = Mutex(previous)
    }

    var previous: Node? { earlier.withLock { $0 } }
    func forgetEarlier() { earlier.withLock { $0 = nil } }
  }

  private(set) var last: Node?
  /// The depth of the oldest node kept.
  private var oldest = 1

  init() {}
  init(from _: any Decoder) {}
  func encode(to _: any Encoder) {}
  static func == (_: OwnChanges, _: OwnChanges) -> Bool { true }

  mutating func append(_ changes: [OwnChange]) {
    guard !changes.isEmpty else { return }
    let node = Node(changes, after: last)
    last = node
    guard node.depth - oldest >= 2 * Self.kept else { return }
    var cut = node
    for _ in 1..<Self.kept { cut = cut.previous ?? cut }
    cut.forgetEarlier()
    oldest = cut.depth
  }

  mutating func append(_ change: OwnChange) { append([change]) }

  /// The changes from the last edit both have to `self`'s last, oldest first, and `other`'s
  /// since then, newest first.
  func diverged(from other: OwnChanges) -> (mine: [OwnChange], theirs: [OwnChange]) {
    var (mine, theirs) = (last, other.last)
    var (onlyMine, onlyTheirs) = ([[OwnChange]](), [OwnChange]())
    while mine !== theirs {
      if (mine?.depth ?? 0) >= (theirs?.depth ?? 0), let node = mine {
        onlyMine.append(node.changes)
        mine = node.previous
      } else if let node = theirs {
        onlyTheirs += node.changes.reversed()
        theirs = node.previous
      } else {
        break
      }
    }
    return (onlyMine.reversed().flatMap { $0 }, onlyTheirs)
  }
}

extension Todo.State {
  /// This state's list as it would be had this session gone to it from `current`: the changes
  /// `current` made since their common past are taken back from `current`'s list and this
  /// state's are made again, each only where nobody changed the item since. What other
  /// sessions changed stays, and so does `current`'s record of what is saved, so the next save
  /// changes the file from what it holds now. A question pending then is not asked again: it
  /// belonged to that moment, and the line typed next would be taken as its answer.
  public func restored(over current: Todo.State) -> Todo.State {
    var state = self
    let (redone, undone) = own.diverged(from: current.own)
    var items = current.items
    for change in undone { items.apply(change.inverse) }
    for change in redone { items.apply(change) }
    state.items = items
    state.synced = current.synced
    state.saveTimers = current.saveTimers
    state.confirmation = nil
    return state
  }
}

extension Todo.State {
  /// Leaves out the list, for a state kept only to be ``restored(over:)``, which never reads it
  /// (it rebuilds the list from the current one and this session's own changes).
  // NOTE: a state kept whole holds its own copy of a list that changed since; the hundred that
  // `undo` keeps held a hundred copies of a huge list.
  public mutating func dropList() {
    items = []
    synced = Synced()
  }
}

extension [TodoItem] {
  /// Makes `change` where it still applies: an item is added only if absent, deleted or edited
  /// only if it is as the change found it (field by field for an edit), so a later change by
  /// someone else wins.
  mutating func apply(_ change: OwnChange) {
    switch change {
    case let .item(before?, after?, _):
      guard let index = firstIndex(where: { $0.id == after.id }) else { return }
      if self[index].text == before.text { self[index].text = after.text }
      if self[index].isCompleted == before.isCompleted {
        self[index].isCompleted = after.isCompleted
      }
    case let .item(nil, added?, index):
      guard !contains(where: { $0.id == added.id }) else { return }
      insert(added, at: Swift.min(index, count))
    case let .item(deleted?, nil, _):
      guard let index = firstIndex(where: { $0.id == deleted.id }), self[index] == deleted else {
        return
      }
      remove(at: index)
    case .item(nil, nil, _):
      return
    case let .swapped(first, second):
      guard let a = firstIndex(where: { $0.id == first }),
        let b = firstIndex(where: { $0.id == second })
      else { return }
      swapAt(a, b)
    }
  }
}
