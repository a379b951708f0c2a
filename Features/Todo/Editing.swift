import ClientSupport
import TodoStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why an edit was refused, as the message the user sees.
struct Rejection: Error {
  var message: String
}

extension Todo.Filter {
  /// Whether the filter shows `item`.
  public func shows(_ item: TodoItem) -> Bool {
    switch self {
    case .all: true
    case .active: !item.isCompleted
    case .completed: item.isCompleted
    }
  }
}

extension Todo.State {
  mutating func add(_ text: String, id makeID: () -> UUID) throws(Rejection) {
    let text = try Self.validated(text)
    items.append(TodoItem(id: makeID(), text: text))
    own.append(.item(before: nil, after: items[items.count - 1], index: items.count - 1))
  }

  mutating func edit(_ position: Int, text: String) throws(Rejection) {
    let index = try index(at: position)
    let before = items[index]
    items[index].text = try Self.validated(text)
    if items[index] != before {
      own.append(.item(before: before, after: items[index], index: index))
    }
  }

  mutating func toggle(_ position: Int) throws(Rejection) {
    let index = try index(at: position)
    let before = items[index]
    items[index].isCompleted.toggle()
    own.append(.item(before: before, after: items[index], index: index))
  }

  mutating func delete(_ position: Int) throws(Rejection) {
    let index = try index(at: position)
    own.append(.item(before: items.remove(at: index), after: nil, index: index))
  }

  mutating func clearCompleted() throws(Rejection) {
    guard completedCount > 0 else { throw Rejection(message: "There are no completed items.") }
    // NOTE: recorded from the last to the first: undo takes them back in the reverse order, so
    // each goes back at its index among the ones before it.
    let deleted = items.indices.reversed().filter { items[$0].isCompleted }.map {
      OwnChange.item(before: items[$0], after: nil, index: $0)
    }
    items.removeAll(where: \.isCompleted)
    own.append(deleted)
  }

  /// Swaps the item with its visible neighbour `offset` places away (±1).
  mutating func move(_ position: Int, by offset: Int) throws(Rejection) {
    let index = try index(at: position)
    // NOTE: `position` is in 1...count here, so the arithmetic cannot overflow.
    guard let other = try? self.index(at: position + offset) else {
      let end = offset < 0 ? "top" : "bottom"
      throw Rejection(message: "Item \(position) is already at the \(end).")
    }
    items.swapAt(index, other)
    own.append(.swapped(items[index].id, items[other].id))
  }

  /// Adopts the loaded list; returns whether the result differs from the file and needs saving.
  mutating func finishLoading(_ result: Result<[TodoItem], StorageError>) -> Bool {
    switch result {
    case let .success(loaded):
      let loadedIDs = Set(loaded.map(\.id))
      let addedMeanwhile = items.filter { !loadedIDs.contains($0.id) }
      items = loaded + addedMeanwhile
      synced.items = loaded
      for index in synced.pending.indices where synced.pending[index].sent == nil {
        synced.pending[index].sent = items
      }
      persistence = .loaded
      return !addedMeanwhile.isEmpty
    case let .failure(error):
      refusal = nil
      failure = .load(error)
      if case .corrupt = error {
        synced.items = []
        persistence = .loaded
        return !items.isEmpty
      }
      persistence = .memoryOnly
      return false
    }
  }

  /// Whether the scalar draws something: not white space, a control or format character (a
  /// zero-width space, a soft hyphen) nor one a renderer must ignore.
  private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return false }
    switch properties.generalCategory {
    case .control, .format, .surrogate, .unassigned, .spaceSeparator, .lineSeparator,
      .paragraphSeparator:
      return false
    default:
      return true
    }
  }

  /// The index in `items` of the item shown at the 1-based `position`.
  // NOTE: walked lazily: a copy of the visible items cost every edit of a long list its size.
  private func index(at position: Int) throws(Rejection) -> Int {
    let visible = items.indices.lazy.filter { filter.shows(items[$0]) }
    if position >= 1, let index = visible.dropFirst(position - 1).first { return index }
    let list = filter == .all ? "the list" : "the \(filter.rawValue) list"
    let count = visible.count
    let shows = count == 0 ? "\(list) is empty" : "\(list) shows 1 to \(count)"
    throw Rejection(message: "There is no item \(position): \(shows).")
  }

  /// The text without surrounding whitespace, if it shows something and is not too long.
  private static func validated(_ text: String) throws(Rejection) -> String {
    let trimmed = text.trimmingWhitespace()
    if !trimmed.unicodeScalars.contains(where: isVisible) {
      throw Rejection(message: "An item needs some text.")
    }
    if trimmed.count > Todo.maxTextLength {
      throw Rejection(
        message: "An item can have at most \(Todo.maxTextLength) characters; "
          + "this one has \(trimmed.count).")
    }
    return trimmed
  }
}

/// Which save timer new changes join: bumped by a flush, so a change right after it is not
/// dropped behind the cancelled timer. Bookkeeping only: any two values compare equal, so a host
/// comparing states (or a test asserting them) never sees it.
// NOTE: encoded all the same: a state restored from a recording goes on with the timers it had.
struct SaveTimers: Equatable, Sendable, Codable {
  var generation = 0

  static func == (_: SaveTimers, _: SaveTimers) -> Bool { true }
}
