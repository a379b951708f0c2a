import ActomatonTesting
import Foundation
import TestSupport
import Testing
import TodoFeature
import TodoStorage

/// Two sessions on one stored list: a save merges this session's changes into what the other
/// saved meanwhile, takes the other's changes in and counts them.
@Suite struct TodoSharedListTests {
  typealias F = Fixture

  /// A store that loaded `[milk, eggs]` from `storage`.
  func loadedStore(
    _ storage: TodoStorage, clock: TestClock = TestClock()
  ) async -> (TodoStore, TestClock) {
    let (store, clock) = makeStore(Todo.State(), storage: storage, clock: clock)
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.receive(.loadResponse(.success([F.milk, F.eggs]))) {
      $0.items = [F.milk, F.eggs]
      $0.persistence = .loaded
    }
    return (store, clock)
  }

  @Test func aSaveKeepsWhatAnotherSessionSavedAndShowsIt() async throws {
    let storage = TodoStorage.inMemory([F.milk, F.eggs])
    let (store, clock) = await loadedStore(storage)
    // The other session deletes eggs, adds bread and renames milk.
    let renamed = TodoItem(id: F.milk.id, text: "oat milk")
    _ = try await storage.save([renamed, F.bread], since: [F.milk, F.eggs])

    let tea = TodoItem(id: UUID(101), text: "tea")
    await store.send(.add("tea")) { $0.items = [F.milk, F.eggs, tea] }
    await store.send(.toggle(position: 1)) { $0.items[0].isCompleted = true }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)
    let merged = [TodoItem(id: F.milk.id, text: "oat milk", isCompleted: true), F.bread, tea]
    await store.receive(.saveResponse(.success(merged))) {
      $0.items = merged
      $0.changedOnDisk = Todo.DiskChange(added: 1, edited: 1, deleted: 1)
    }
    #expect(try await storage.load() == merged)
    #expect("\(store.state.changedOnDisk!)" == "1 added, 1 edited, 1 deleted")

    await store.send(.delete(position: 2)) {
      $0.items = [merged[0], tea]
      $0.changedOnDisk = nil
    }
    await store.receiveDelayedSave(of: 2, clock: clock)
    #expect(
      try await storage.load() == [merged[0], tea], "the next save merges from the merged list")
    await store.finish()
  }

  @Test func aSaveThatFindsNothingNewChangesNothingAndSaysNothing() async throws {
    let storage = TodoStorage.inMemory([F.milk, F.eggs])
    let (store, clock) = await loadedStore(storage)
    await store.send(.delete(position: 2)) { $0.items = [F.milk] }
    await store.receiveDelayedSave(of: 1, clock: clock)
    #expect(try await storage.load() == [F.milk])
    await store.finish()
  }

  @Test func aDeletionOfAnItemTheOtherSessionEditedKeepsTheEdit() async throws {
    let storage = TodoStorage.inMemory([F.milk, F.eggs])
    let (store, clock) = await loadedStore(storage)
    let ticked = TodoItem(id: F.eggs.id, text: "eggs", isCompleted: false)
    _ = try await storage.save([F.milk, ticked], since: [F.milk, F.eggs])
    await store.send(.delete(position: 2)) { $0.items = [F.milk] }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)
    await store.receive(.saveResponse(.success([F.milk, ticked]))) {
      $0.items = [F.milk, ticked]
      $0.changedOnDisk = Todo.DiskChange(added: 1)
    }
    await store.finish()
  }
}

extension TodoSharedListTests {
  /// `storage` that says the list changed on disk whenever `changed` holds.
  func watched(_ storage: TodoStorage, changed: Locked<Bool>) -> TodoStorage {
    TodoStorage(
      load: storage.load, write: storage.write, isChanged: { changed.withLock { $0 } })
  }

  @Test func refreshingTakesInAnotherSessionsSaveWithThisSessionsUnsavedChanges() async throws {
    let storage = TodoStorage.inMemory([F.milk, F.eggs])
    let changed = Locked(false)
    let (store, clock) = await loadedStore(watched(storage, changed: changed))
    await store.send(.refresh)  // nothing changed on disk: nothing is read
    _ = try await storage.save([F.milk, F.eggs, F.bread], since: [F.milk, F.eggs])
    changed.withLock { $0 = true }

    await store.send(.toggle(position: 1)) { $0.items[0].isCompleted = true }
    await store.send(.refresh)
    let ticked = TodoItem(id: F.milk.id, text: "milk", isCompleted: true)
    await store.receive(.reloadResponse(.success([F.milk, F.eggs, F.bread]))) {
      $0.items = [ticked, F.eggs, F.bread]
      $0.changedOnDisk = Todo.DiskChange(added: 1)
    }
    await store.receiveDelayedSave(of: 3, clock: clock)
    #expect(try await storage.load() == [ticked, F.eggs, F.bread])
    await store.finish()
  }

  @Test func refreshingWhileASaveRunsReadsNothingAsTheSaveBringsTheNews() async throws {
    let storage = TodoStorage.inMemory([F.milk, F.eggs])
    let clock = TestClock()
    let slow = TodoStorage(
      load: storage.load,
      write: { items, base throws(StorageError) in
        try? await clock.sleep(for: .seconds(1))
        return try await storage.write(items, base)
      },
      isChanged: { true })
    let (store, _) = await loadedStore(slow, clock: clock)
    await store.send(.delete(position: 2)) { $0.items = [F.milk] }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)
    await store.send(.refresh)  // no reload waits behind the save
    await clock.advance(by: .seconds(1))
    await store.receive(.saveResponse(.success([F.milk])))
    await store.finish()
  }
}
