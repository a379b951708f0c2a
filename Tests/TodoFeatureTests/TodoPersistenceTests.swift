import ActomatonTesting
import Foundation
import TestSupport
import Testing
import TodoFeature
import TodoStorage

@Suite struct TodoPersistenceTests {
  typealias F = Fixture
  static let loaded = Todo.State(persistence: .loaded)

  @Test func onAppearLoadsTheSavedListAndWritesNothing() async {
    let log = SaveLog()
    let (store, clock) = makeStore(Todo.State(), storage: log.wrap(.inMemory([F.milk, F.eggs])))
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.receive(.loadResponse(.success([F.milk, F.eggs]))) {
      $0.items = [F.milk, F.eggs]
      $0.persistence = .loaded
    }
    await store.send(.onAppear)  // already loaded: nothing happens
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(log.count == 0)
  }

  @Test func aChangeIsSavedOnceTheSaveDelayHasPassed() async throws {
    let storage = TodoStorage.inMemory()
    let (store, clock) = makeStore(Self.loaded, storage: storage)
    await store.send(.add("milk")) { $0.items = [TodoItem(id: UUID(101), text: "milk")] }
    await clock.advance(by: .milliseconds(499))
    #expect(try await storage.load() == [], "not yet")
    await store.receiveDelayedSave(of: 1, clock: clock)
    #expect(try await storage.load() == [TodoItem(id: UUID(101), text: "milk")])
    await store.finish()
  }

  @Test func everyChangeIsSavedButRefusalsAndFilterChangesAreNot() async {
    let log = SaveLog()
    let state = Todo.State(items: F.items, persistence: .loaded)
    let (store, clock) = makeStore(state, storage: log.wrap(.inMemory(F.items)))
    let changes: [(Todo.Action, (inout Todo.State) -> Void)] = [
      (.add("rice"), { $0.items.append(TodoItem(id: UUID(101), text: "rice")) }),
      (.edit(position: 1, text: "oat milk"), { $0.items[0].text = "oat milk" }),
      (.toggle(position: 1), { $0.items[0].isCompleted = true }),
      (.moveDown(position: 1), { $0.items.swapAt(0, 1) }),
      (.moveUp(position: 2), { $0.items.swapAt(0, 1) }),
      (.delete(position: 6), { $0.items.removeLast() }),
      (.clearCompletedConfirmed, { $0.items = [F.bread, F.tea] }),
    ]
    for (action, update) in changes {
      let task = await store.send(action, update)
      #expect(!task.isEmpty, "\(action) starts a delayed save")
      await store.receiveDelayedSave(of: store.state.items.count, clock: clock)
    }
    #expect(log.count == changes.count)
    let unchanged = await store.send(.edit(position: 1, text: " bread")).isEmpty
    #expect(unchanged, "the same text is no change")
    #expect(await store.send(.setFilter(.active)) { $0.filter = .active }.isEmpty)
    #expect(await store.send(.toggle(position: 3)) { $0.refusal = Self.noItem3 }.isEmpty)
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(log.all.last == [F.bread, F.tea])
  }

  static let noItem3 = "There is no item 3: the active list shows 1 to 2."

  @Test func aBurstOf100ChangesIsSavedOnceWithTheLastState() async {
    let log = SaveLog()
    let (store, clock) = makeStore(Self.loaded, storage: log.wrap(.inMemory()))
    for number in 1...100 {
      await store.send(.add("item \(number)")) {
        $0.items.append(TodoItem(id: UUID(100 + number), text: "item \(number)"))
      }
    }
    await store.receiveDelayedSave(of: 100, clock: clock)
    await store.finish()
    #expect(log.count == 1)
    #expect(log.all.last == store.state.items)
  }

  @Test func aSteadyStreamOfChangesIsSavedOncePerDelayAndTheLastWriteHoldsTheLastState() async {
    let log = SaveLog()
    let (store, clock) = makeStore(Self.loaded, storage: log.wrap(.inMemory()))
    for number in 1...100 {  // one change every 50 ms for 5 s
      await store.send(.add("item \(number)")) {
        $0.items.append(TodoItem(id: UUID(100 + number), text: "item \(number)"))
      }
      await clock.advance(by: .milliseconds(50))
      if number.isMultiple(of: 10) {
        await store.receive(._saveTimerFired)
        await store.receive(where: isSave(of: number))
      }
    }
    await store.finish()
    #expect(log.all.map(\.count) == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    #expect(log.all.last == store.state.items)
  }

  @Test func flushWritesAtOnceAndCancelsTheDelayedSave() async {
    let log = SaveLog()
    let (store, clock) = makeStore(Self.loaded, storage: log.wrap(.inMemory()))
    await store.send(.add("milk")) { $0.items = [TodoItem(id: UUID(101), text: "milk")] }
    await store.send(.flush)
    await store.receive(where: isSave(of: 1))
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(log.count == 1)
  }

  @Test func aChangeAfterAFlushDoesNotCancelTheFlushAndIsWrittenAfterIt() async {
    let log = SaveLog()
    let clock = TestClock()
    let slowDisk = TodoStorage.inMemory()
    let storage = TodoStorage(
      load: slowDisk.load,
      save: { items throws(StorageError) in
        try? await clock.sleep(for: .seconds(1))
        try await slowDisk.save(items)
      })
    let (store, _) = makeStore(Self.loaded, storage: log.wrap(storage), clock: clock)
    let milk = TodoItem(id: UUID(101), text: "milk")
    let tea = TodoItem(id: UUID(102), text: "tea")
    await store.send(.add("milk")) { $0.items = [milk] }
    await store.send(.flush)  // writes [milk], taking 1 s
    await store.send(.add("tea")) { $0.items = [milk, tea] }
    await clock.advance(by: .milliseconds(500))
    await store.receive(._saveTimerFired)  // the write of [milk, tea] waits for the flush
    await clock.advance(by: .milliseconds(500))
    await store.receive(where: isSave(of: 1))
    await clock.advance(by: .seconds(1))
    await store.receive(where: isSave(of: 2))
    await store.finish()
    #expect(log.all == [[milk], [milk, tea]])
  }

  @Test func changesBeforeTheListIsLoadedAreNeverWritten() async {
    let (store, clock) = makeStore(Todo.State(), storage: .unimplemented)
    await store.send(.add("milk")) { $0.items = [TodoItem(id: UUID(101), text: "milk")] }
    #expect(await store.send(.flush).isEmpty)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func changesMadeWhileLoadingFollowTheLoadedItemsAndAreSaved() async {
    let clock = TestClock()
    let saved = TodoStorage.inMemory([F.milk])
    let slowLoad = TodoStorage.loadingLate(on: clock, answer: saved.load, save: saved.save)
    let (store, _) = makeStore(Todo.State(), storage: slowLoad, clock: clock)
    let tea = TodoItem(id: UUID(101), text: "tea")
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.send(.add("tea")) { $0.items = [tea] }
    await clock.advance(by: .seconds(1))
    await store.receive(.loadResponse(.success([F.milk]))) {
      $0.items = [F.milk, tea]
      $0.persistence = .loaded
    }
    await store.receiveDelayedSave(of: 2, clock: clock)
    await store.finish()
  }

  static let corrupt = StorageError.corrupt(
    reason: "not valid JSON", movedTo: "/d/todos.json.corrupt-20240102T030405Z")

  @Test func aCorruptFileStartsAnEmptyListWithTheMessageAndSavingGoesOn() async throws {
    let saved = TodoStorage.inMemory()
    let storage = TodoStorage(load: TodoStorage.failing(Self.corrupt).load, save: saved.save)
    let (store, clock) = makeStore(Todo.State(), storage: storage)
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.receive(.loadResponse(.failure(Self.corrupt))) {
      $0.persistence = .loaded
      $0.failure = .load(Self.corrupt)
    }
    #expect(
      store.state.failure?.description
        == "The saved list could not be read (not valid JSON); it was moved aside to "
        + "/d/todos.json.corrupt-20240102T030405Z. Starting a new list.")
    await store.send(.add("milk")) {
      $0.items = [TodoItem(id: UUID(101), text: "milk")]
      $0.failure = nil
    }
    await store.receiveDelayedSave(of: 1, clock: clock)
    #expect(try await saved.load() == store.state.items)
  }

  @Test(arguments: [
    StorageError.newerVersion(path: "/d/todos.json", found: 2, supported: 1),
    StorageError.unreadable(path: "/d/todos.json", reason: "Permission denied"),
  ])
  func aFileTheAppMustNotReplaceKeepsChangesInMemoryOnly(error: StorageError) async {
    let (store, clock) = makeStore(Todo.State(), storage: .failing(error))
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.receive(.loadResponse(.failure(error))) {
      $0.persistence = .memoryOnly
      $0.failure = .load(error)
    }
    #expect(
      store.state.failure?.description
        == "\(error) Changes are kept in memory only and will not be saved.")
    let add = await store.send(.add("milk")) {
      $0.items = [TodoItem(id: UUID(101), text: "milk")]
      $0.failure = nil
    }
    #expect(add.isEmpty, "no save is scheduled")
    #expect(await store.send(.flush).isEmpty, "nor written on flush")
    #expect(await store.send(.onAppear).isEmpty, "nor loaded again")
    await clock.advance(by: .seconds(5))
    await store.finish()
  }
}
