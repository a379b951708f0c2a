import ActomatonTesting
import FeatureSupport
import Testing
import TodoFeature
import TodoStorage

/// `clearCompleted` asks first, and the answer decides.
@Suite struct TodoConfirmationTests {
  typealias F = Fixture

  static let question = FeatureSupport.Confirmation<Todo.Action>(
    "Delete 2 completed item(s)?", confirming: .clearCompletedConfirmed)

  @Test func clearCompletedAsksAndYesDeletesTheCompletedItems() async {
    let (store, _) = makeStore(Todo.State(items: F.items))
    await store.send(.clearCompleted) { $0.confirmation = Self.question }
    await store.send(.answer(.yes)) {
      $0.confirmation = nil
      $0.items = [F.milk, F.bread, F.tea]
    }
    await store.finish()
  }

  @Test func anythingButYesCancelsAndKeepsTheItems() async {
    let (store, _) = makeStore(Todo.State(items: F.items))
    await store.send(.clearCompleted) { $0.confirmation = Self.question }
    await store.send(.answer(.no)) { $0.confirmation = nil }
    await store.send(.answer(.yes))
    await store.finish()
  }

  @Test func askingClearsTheLastRefusal() async {
    let (store, _) = makeStore(Todo.State(items: F.items))
    await store.send(.delete(position: 9)) {
      $0.refusal = "There is no item 9: the list shows 1 to 5."
    }
    await store.send(.clearCompleted) {
      $0.refusal = nil
      $0.confirmation = Self.question
    }
  }

  @Test func withNoCompletedItemsNothingIsAskedAndTheRefusalSaysWhy() async {
    let (store, _) = makeStore(Todo.State(items: [F.milk, F.bread]))
    await store.send(.clearCompleted) { $0.refusal = "There are no completed items." }
    await store.finish()
  }

  @Test func aConfirmedClearIsSavedLikeAnyChange() async {
    let storage = TodoStorage.inMemory(F.items)
    let (store, clock) = makeStore(
      Todo.State(items: F.items, persistence: .loaded), storage: storage)
    await store.send(.clearCompleted) { $0.confirmation = Self.question }
    await store.send(.answer(.yes)) {
      $0.confirmation = nil
      $0.items = [F.milk, F.bread, F.tea]
    }
    await store.receiveDelayedSave(of: 3, clock: clock)
    await store.finish()
  }
}
