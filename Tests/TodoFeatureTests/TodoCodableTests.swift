import FeatureSupport
import Foundation
import TestSupport
import Testing
import TodoStorage

@testable import TodoFeature

/// The todo list's state and actions survive a recording, every storage error included.
@Suite struct TodoCodableTests {
  static let errors: [StorageError] = [
    .corrupt(reason: "not JSON", movedTo: "/d/todos.json.corrupt"),
    .unreadable(path: "/d/todos.json", reason: "Permission denied"),
    .newerVersion(path: "/d/todos.json", found: 9, supported: 2),
    .unwritable(directory: "/d", reason: "Read-only file system"),
    .diskFull(path: "/d/todos.json", reason: "No space left on device"),
    .writeFailed(path: "/d/todos.json", reason: "I/O error"), .unimplemented("save"),
  ]
  static let items = [
    TodoItem(id: UUID(1), text: "buy milk 🥛", isCompleted: false),
    TodoItem(id: UUID(2), text: "  \"quoted\"\n\u{1B}[31m", isCompleted: true),
  ]

  @Test func everyActionRoundTrips() throws {
    var actions: [Todo.Action] = [
      .onAppear, .add("buy milk"), .edit(position: 2, text: "oat milk"), .toggle(position: 1),
      .delete(position: .max), .clearCompleted, .clearCompletedConfirmed, .answer(.yes),
      .answer(.no), .moveUp(position: 1), .moveDown(position: -1), .flush, .onDisappear,
      .loadResponse(.success([])), .loadResponse(.success(Self.items)),
      .saveResponse(.success(Self.items)),
      .refresh, .reloadResponse(.success(Self.items)), ._saveTimerFired,
    ]
    actions += Todo.Filter.allCases.map(Todo.Action.setFilter)
    actions += Self.errors.flatMap {
      [.loadResponse(.failure($0)), .saveResponse(.failure($0)), .reloadResponse(.failure($0))]
    }
    for action in actions { #expect(try roundTripped(action) == action) }
  }

  @Test func theStateRoundTripsWithItsFailureAndQuestion() throws {
    var asking = Todo.State(items: Self.items, filter: .completed, persistence: .loaded)
    asking.confirmation = Confirmation("Delete 1 completed item(s)?", confirming: .clearCompleted)
    asking.refusal = "There is no item 3."
    var states = [Todo.State(), asking]
    for persistence in [Todo.Persistence.notLoaded, .loading, .loaded, .memoryOnly] {
      var state = Todo.State(items: Self.items, persistence: persistence)
      state.failure = .save(Self.errors[4])
      states.append(state)
    }
    for error in Self.errors {
      var state = Todo.State()
      state.failure = .load(error)
      states.append(state)
    }
    for state in states { #expect(try roundTripped(state) == state) }
  }

  /// A loaded list is written once, not again as the list last saved, and comes back as both.
  @Test func aLoadedListIsWrittenOnce() throws {
    let state = Todo.State(items: Self.items, persistence: .loaded)
    let json = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
    #expect(json.components(separatedBy: "buy milk").count == 2, "\(json)")
    let back = try JSONDecoder().decode(Todo.State.self, from: Data(json.utf8))
    #expect(back.items == Self.items && back.synced.items == Self.items)
  }
}
