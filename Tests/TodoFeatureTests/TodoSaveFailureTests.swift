import ActomatonTesting
import Foundation
import TestSupport
import Testing
import TodoFeature
import TodoStorage

/// Saves that fail (a full disk, a read-only folder) and the fault clearing later.
@Suite struct TodoSaveFailureTests {
  static let loaded = Todo.State(persistence: .loaded)
  static let full = StorageError.diskFull(path: "/d/todos.json", reason: "File too large")
  static let notSaved =
    "Not saved: No space left for /d/todos.json (File too large). Free some space and try "
    + "again. The list is kept in memory; the next change tries again."
  static let milk = TodoItem(id: UUID(101), text: "milk")
  static let eggs = TodoItem(id: UUID(102), text: "eggs")
  static let tea = TodoItem(id: UUID(103), text: "tea")

  @Test func aFailedSaveSaysWhyAndKeepsTheList() async {
    let (store, clock) = makeStore(Self.loaded, storage: .failing(Self.full))
    await store.send(.add("milk")) { $0.items = [Self.milk] }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)
    await store.receive(.saveResponse(.failure(Self.full))) {
      $0.failure = .save(Self.full)
    }
    #expect(store.state.failure?.description == Self.notSaved)
    await store.finish()
  }

  @Test func onceTheFaultClearsTheNextChangeSavesEveryItem() async throws {
    let disk = FaultyDisk()
    let (store, clock) = makeStore(Self.loaded, storage: disk.storage)
    disk.fault = Self.full
    await store.send(.add("milk")) { $0.items = [Self.milk] }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)
    await store.receive(.saveResponse(.failure(Self.full))) {
      $0.failure = .save(Self.full)
    }
    await store.send(.add("eggs")) {
      $0.items = [Self.milk, Self.eggs]
      $0.failure = nil
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)
    await store.receive(.saveResponse(.failure(Self.full))) {
      $0.failure = .save(Self.full)
    }

    disk.fault = nil
    await store.send(.add("tea")) {
      $0.items = [Self.milk, Self.eggs, Self.tea]
      $0.failure = nil
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)
    await store.receive(where: isSave(of: 3))
    await store.finish()
    #expect(try await disk.saved.load() == [Self.milk, Self.eggs, Self.tea])
  }

  @Test func aSaveQueuedBehindAFailedOneClearsTheMessageWhenItSucceeds() async throws {
    let clock = TestClock()
    let disk = FaultyDisk(slowOn: clock)
    let (store, _) = makeStore(Self.loaded, storage: disk.storage, clock: clock)
    disk.fault = Self.full
    await store.send(.add("milk")) { $0.items = [Self.milk] }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)  // writes [milk], taking 1 s, and fails
    await store.send(.add("eggs")) { $0.items = [Self.milk, Self.eggs] }
    disk.fault = nil
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)  // writes [milk, eggs] after the failing write
    await clock.advance(by: .milliseconds(500))
    await store.receive(.saveResponse(.failure(Self.full))) {
      $0.failure = .save(Self.full)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(where: isSave(of: 2)) {
      $0.failure = nil
    }
    await store.finish()
    #expect(try await disk.saved.load() == [Self.milk, Self.eggs])
  }
}

/// An in-memory disk whose saves fail with `fault` while it is set; a save takes a second on
/// `clock` when given, and fails or not by the fault set when it started.
final class FaultyDisk: Sendable {
  let saved = TodoStorage.inMemory()
  private let state = Locked<StorageError?>(nil)
  private let clock: TestClock?

  init(slowOn clock: TestClock? = nil) { self.clock = clock }

  var fault: StorageError? {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }

  var storage: TodoStorage {
    TodoStorage(
      load: saved.load,
      save: { items throws(StorageError) in
        let fault = self.fault
        try? await self.clock?.sleep(for: .seconds(1))
        if let fault { throw fault }
        try await self.saved.save(items)
      })
  }
}
