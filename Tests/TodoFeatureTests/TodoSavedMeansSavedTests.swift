import ActomatonTesting
import FeatureSupport
import Foundation
import TestSupport
import Testing
import TodoFeature
import TodoStorage

/// A host flushes on its own schedule and answers questions late: what it shows is what is saved,
/// and a question is about what it shows.
@Suite struct TodoSavedMeansSavedTests {
  typealias F = Fixture

  /// A host whose one action flushes and then changes the list: the change comes before the
  /// cancelled save timer has had a chance to finish.
  enum Host: Equatable, Sendable {
    case todo(Todo.Action)
    case flushThenAdd(flush: Todo.Action, text: String)
  }

  static let host = Reducer<Host, Todo.State, Todo.Environment> { action, state, environment in
    switch action {
    case let .todo(action):
      Todo.reducer.run(action, &state, environment).map(Host.todo)
    case let .flushThenAdd(flush, text):
      .nextAction(.todo(flush)) + .nextAction(.todo(.add(text)))
    }
  }

  @Test(arguments: [Todo.Action.flush, .onDisappear])
  func aChangeRightAfterAFlushIsSavedAfterTheDelay(_ flush: Todo.Action) async throws {
    let clock = TestClock()
    let storage = TodoStorage.inMemory()
    let store = TestStore(
      initialState: Todo.State(persistence: .loaded), reducer: Self.host,
      environment: environment(clock, storage: storage), clock: clock)
    store.exhaustivity = .off
    await store.send(.todo(.add("milk")))
    await store.send(.flushThenAdd(flush: flush, text: "tea"))
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state.items.map(\.text) == ["milk", "tea"])
    #expect(try await storage.load() == store.state.items, "the change after the flush was saved")
    await store.finish()
  }

  /// NOTE: the save that follows merges this session's changes into the list on disk; an item
  /// added and moved up within one save delay was saved at the end, out of the order shown.
  @Test func anItemAddedAndMovedUpBeforeTheNextSaveIsSavedWhereItIsShown() async throws {
    let clock = TestClock()
    let storage = TodoStorage.inMemory()
    let store = TestStore(
      initialState: Todo.State(persistence: .loaded), reducer: Todo.reducer,
      environment: environment(clock, storage: storage), clock: clock)
    store.exhaustivity = .off
    await store.send(.add("milk"))
    await store.send(.add("tea"))
    await clock.advance(by: .seconds(1))
    await store.send(.add("bread"))
    await store.send(.moveUp(position: 3))
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state.items.map(\.text) == ["milk", "bread", "tea"])
    #expect(try await storage.load() == store.state.items, "saved in the order shown")
    await store.finish()
  }

  @Test func anAwaitedFlushWhileLoadingReturnsOnceWhatIsShownIsOnDisk() async throws {
    let clock = TestClock()
    let saved = TodoStorage.inMemory([F.milk])
    let slowLoad = TodoStorage.loadingLate(on: clock, answer: saved.load, save: saved.save)
    let (store, _) = makeStore(Todo.State(), storage: slowLoad, clock: clock)
    let tea = TodoItem(id: UUID(101), text: "tea")
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.send(.add("tea")) { $0.items = [tea] }
    let flush = await store.send(.flush)
    #expect(!flush.isEmpty, "a flush while loading has work to await")
    await clock.advance(by: .seconds(1))
    await store.receive(.loadResponse(.success([F.milk]))) {
      $0.items = [F.milk, tea]
      $0.persistence = .loaded
    }
    await clock.advance(by: .seconds(1))
    await store.receive(._saveTimerFired)  // the load's own save, queued behind the flush
    await store.receive(where: isSave(of: 2))
    #expect(try await saved.load() == [F.milk, tea], "the flush wrote the loaded and added items")
    await store.receive(where: isSave(of: 2))
    await store.finish()
  }

  @Test func aFlushWhileLoadingAFileItMustNotReplaceWritesNothing() async throws {
    let error = StorageError.newerVersion(path: "/d/todos.json", found: 2, supported: 1)
    let clock = TestClock()
    let slowFailure = TodoStorage.loadingLate(
      on: clock, answer: { () throws(StorageError) in throw error })
    let (store, _) = makeStore(Todo.State(), storage: slowFailure, clock: clock)
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.send(.add("tea")) { $0.items = [TodoItem(id: UUID(101), text: "tea")] }
    await store.send(.flush)
    await clock.advance(by: .seconds(1))
    await store.receive(.loadResponse(.failure(error))) {
      $0.persistence = .memoryOnly
      $0.failure = .load(error)
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aQuestionWhoseCountChangedWhileLoadingIsDropped() async {
    let clock = TestClock()
    let onDisk = [F.eggs, F.jam]
    let saved = TodoStorage.inMemory(onDisk)
    let slowLoad = TodoStorage.loadingLate(on: clock, answer: saved.load, save: saved.save)
    let (store, _) = makeStore(Todo.State(), storage: slowLoad, clock: clock)
    let tea = TodoItem(id: UUID(101), text: "tea", isCompleted: true)
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.send(.add("tea")) { $0.items = [TodoItem(id: UUID(101), text: "tea")] }
    await store.send(.toggle(position: 1)) { $0.items = [tea] }
    await store.send(.clearCompleted) {
      $0.confirmation = Confirmation(
        "Delete 1 completed item(s)?", confirming: .clearCompletedConfirmed)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.loadResponse(.success(onDisk))) {
      $0.items = onDisk + [tea]
      $0.persistence = .loaded
      $0.confirmation = nil
    }
    await store.send(.answer(.yes))  // the question about one item is gone: nothing is deleted
    await store.receiveDelayedSave(of: 3, clock: clock)
    await store.finish()
  }

  @Test func aQuestionIsDroppedWhenTheCompletedItemsChangeButNotByOtherEdits() async {
    let (store, _) = makeStore(Todo.State(items: F.items))
    await store.send(.clearCompleted) { $0.confirmation = TodoConfirmationTests.question }
    await store.send(.edit(position: 1, text: "oat milk")) { $0.items[0].text = "oat milk" }
    await store.send(.setFilter(.active)) { $0.filter = .active }
    await store.send(.toggle(position: 1)) {
      $0.items[0].isCompleted = true
      $0.confirmation = nil
    }
    await store.send(.answer(.yes))
    await store.finish()
  }
}
