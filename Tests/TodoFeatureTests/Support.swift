import ActomatonTesting
import Foundation
import TestSupport
import TodoFeature
import TodoStorage

/// The suites' environment on `clock`: `storage`, a 500 ms save delay and ids from 101.
func environment(_ clock: TestClock, storage: TodoStorage = .unimplemented) -> Todo.Environment {
  var environment = Todo.Environment.test(clock: clock)
  environment.storage = storage
  environment.makeID = UUID.incrementing(from: 101)
  return environment
}

/// Wraps a storage and records every list it saved successfully.
final class SaveLog: Sendable {
  private let saves = Locked<[[TodoItem]]>([])

  var all: [[TodoItem]] { saves.withLock { $0 } }
  var count: Int { all.count }

  func wrap(_ storage: TodoStorage) -> TodoStorage {
    TodoStorage(
      load: storage.load,
      save: { items throws(StorageError) in
        try await storage.save(items)
        self.saves.withLock { $0.append(items) }
      })
  }
}

typealias TodoStore = TestStore<Todo.Action, Todo.State>

/// A store on a test clock with a 500 ms save delay and ids from 101.
func makeStore(
  _ state: Todo.State, storage: TodoStorage = .unimplemented, clock: TestClock = TestClock()
) -> (TodoStore, TestClock) {
  (
    TodoStore(
      initialState: state, reducer: Todo.reducer, environment: environment(clock, storage: storage),
      clock: clock),
    clock
  )
}

extension TodoStorage {
  /// A storage whose load answers one second of `clock` late with what `answer` gives (what a
  /// person does while a list loads); a save replaces the list through `save`.
  static func loadingLate(
    on clock: TestClock, answer: @escaping @Sendable () async throws(StorageError) -> [TodoItem],
    save: @escaping @Sendable ([TodoItem]) async throws(StorageError) -> Void = TodoStorage
      .unimplemented.save
  ) -> TodoStorage {
    TodoStorage(
      load: { () throws(StorageError) in
        try? await clock.sleep(for: .seconds(1))
        return try await answer()
      },
      save: save)
  }
}

extension TestStore where Action == Todo.Action, State == Todo.State {
  /// Lets the save delay pass and checks that `count` items were written.
  func receiveDelayedSave(
    of count: Int, clock: TestClock,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await clock.advance(by: .milliseconds(500))
    await receive(
      ._saveTimerFired, fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      where: isSave(of: count), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Whether the action is a save's answer that `count` items were written.
func isSave(of count: Int) -> (Todo.Action) -> Bool {
  { action in
    guard case let .saveResponse(.success(items)) = action else { return false }
    return items.count == count
  }
}

/// A list to edit: milk, eggs (done), bread, jam (done), tea.
enum Fixture {
  static let milk = TodoItem(id: UUID(1), text: "milk")
  static let eggs = TodoItem(id: UUID(2), text: "eggs", isCompleted: true)
  static let bread = TodoItem(id: UUID(3), text: "bread")
  static let jam = TodoItem(id: UUID(4), text: "jam", isCompleted: true)
  static let tea = TodoItem(id: UUID(5), text: "tea")
  static let items = [milk, eggs, bread, jam, tea]
}
