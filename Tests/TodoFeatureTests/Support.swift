import ActomatonTesting
import Foundation
import TodoFeature
import TodoStorage

extension UUID {
  /// A fixed id: `00000000-0000-0000-0000-000000000042` for 42.
  init(_ number: Int) {
    self.init(uuidString: "00000000-0000-0000-0000-" + String(format: "%012d", number))!
  }
}

/// Ids `first`, `first + 1`, … in the order they are asked for.
func incrementingIDs(from first: Int = 101) -> @Sendable () -> UUID {
  let next = Locked(first)
  return {
    let number = next.withLock { (value: inout Int) -> Int in
      defer { value += 1 }
      return value
    }
    return UUID(number)
  }
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
  _ state: Todo.State, storage: TodoStorage = .unimplemented
) -> (TodoStore, TestClock) {
  let clock = TestClock()
  let environment = Todo.Environment(
    storage: storage, clock: clock, saveDelay: .milliseconds(500), makeID: incrementingIDs())
  return (
    TodoStore(initialState: state, reducer: Todo.reducer, environment: environment, clock: clock),
    clock
  )
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
      .saveResponse(.success(count)), fileID: fileID, filePath: filePath, line: line,
      column: column)
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

/// Runs `body` with a new, empty directory of its own, removed afterwards with all it holds.
func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("TodoFeatureTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  defer { try? FileManager.default.removeItem(at: directory) }
  try await body(directory)
}
