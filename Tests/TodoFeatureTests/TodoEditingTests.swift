import ActomatonTesting
import Foundation
import Testing
import TodoFeature
import TodoStorage

/// Editing a list that is not tied to storage (`notLoaded`), so no action saves anything.
@Suite struct TodoEditingTests {
  typealias F = Fixture

  static func store(filter: Todo.Filter = .all, items: [TodoItem] = F.items) -> TodoStore {
    makeStore(Todo.State(items: items, filter: filter)).0
  }

  @Test func addAppendsTheTrimmedTextWithTheNextID() async {
    let store = Self.store()
    await store.send(.add("  buy stamps \n")) {
      $0.items.append(TodoItem(id: UUID(101), text: "buy stamps"))
    }
    await store.send(.add("post letter")) {
      $0.items.append(TodoItem(id: UUID(102), text: "post letter"))
    }
    await store.finish()
  }

  @Test(arguments: ["", "   ", "\n\t "])
  func emptyOrWhitespaceTextIsRefusedAndUsesNoID(text: String) async {
    let store = Self.store()
    await store.send(.add(text)) { $0.refusal = "An item needs some text." }
    await store.send(.add("x")) {
      $0.refusal = nil
      $0.items.append(TodoItem(id: UUID(101), text: "x"))
    }
  }

  @Test func textOverAThousandCharactersIsRefusedAndExactlyAThousandIsAccepted() async {
    let store = Self.store(items: [])
    await store.send(.add(String(repeating: "a", count: 1_001))) {
      $0.refusal = "An item can have at most 1000 characters; this one has 1001."
    }
    let thumbs = String(repeating: "👍🏽", count: 1_000)  // characters, not bytes or scalars
    await store.send(.add(thumbs)) {
      $0.refusal = nil
      $0.items = [TodoItem(id: UUID(101), text: thumbs)]
    }
  }

  @Test func editReplacesTheTextOfTheItemShownAtThePosition() async {
    let store = Self.store(filter: .completed)
    await store.send(.edit(position: 2, text: " jam jar ")) { $0.items[3].text = "jam jar" }
    await store.send(.edit(position: 1, text: "  ")) { $0.refusal = "An item needs some text." }
    await store.send(.edit(position: 1, text: String(repeating: "b", count: 1_001))) {
      $0.refusal = "An item can have at most 1000 characters; this one has 1001."
    }
    #expect(store.state.items[1] == F.eggs, "refused edits change nothing")
  }

  @Test func toggleInTheActiveFilterTogglesTheItemTheUserSeesAtThatPosition() async {
    let store = Self.store(filter: .active)
    #expect(store.state.visibleItems == [F.milk, F.bread, F.tea])
    await store.send(.toggle(position: 2)) { $0.items[2].isCompleted = true }
    #expect(store.state.visibleItems == [F.milk, F.tea], "bread left the active list")
    await store.send(.toggle(position: 2)) { $0.items[4].isCompleted = true }
    await store.send(.setFilter(.completed)) { $0.filter = .completed }
    await store.send(.toggle(position: 1)) { $0.items[1].isCompleted = false }
    #expect(store.state.visibleItems.map(\.text) == ["bread", "jam", "tea"])
  }

  @Test func deleteRemovesTheVisibleItemAtThePosition() async {
    let store = Self.store(filter: .completed)
    await store.send(.delete(position: 2)) { $0.items.remove(at: 3) }
    await store.send(.setFilter(.all)) { $0.filter = .all }
    await store.send(.delete(position: 1)) { $0.items.remove(at: 0) }
    #expect(store.state.items == [F.eggs, F.bread, F.tea])
  }

  @Test(arguments: [0, -1, 4, Int.min, Int.max])
  func positionsOutsideTheVisibleListAreRefusedByEveryAction(position: Int) async {
    let store = Self.store(filter: .active)
    let message = "There is no item \(position): the active list shows 1 to 3."
    let actions: [Todo.Action] = [
      .edit(position: position, text: "x"), .toggle(position: position),
      .delete(position: position), .moveUp(position: position), .moveDown(position: position),
    ]
    for action in actions {
      await store.send(action) { $0.refusal = message }
      await store.send(.setFilter(.active)) { $0.refusal = nil }
    }
    #expect(store.state.items == F.items)
  }

  @Test func positionsInAnEmptyListAreRefusedNamingTheList() async {
    let store = Self.store(items: [F.milk])
    await store.send(.setFilter(.completed)) { $0.filter = .completed }
    await store.send(.toggle(position: 1)) {
      $0.refusal = "There is no item 1: the completed list is empty."
    }
    await store.send(.setFilter(.all)) {
      $0.filter = .all
      $0.refusal = nil
    }
    await store.send(.delete(position: 1)) { $0.items = [] }
    await store.send(.moveUp(position: 1)) { $0.refusal = "There is no item 1: the list is empty." }
  }

  @Test func clearCompletedRemovesOnlyCompletedItems() async {
    let store = Self.store(filter: .completed)
    await store.send(.clearCompletedConfirmed) { $0.items = [F.milk, F.bread, F.tea] }
    await store.send(.clearCompletedConfirmed) { $0.refusal = "There are no completed items." }
  }

  @Test func setFilterChangesWhatIsVisibleAndClearsTheMessage() async {
    let store = Self.store()
    await store.send(.toggle(position: 9)) {
      $0.refusal = "There is no item 9: the list shows 1 to 5."
    }
    #expect(store.state.visibleItems == F.items)
    await store.send(.setFilter(.active)) {
      $0.filter = .active
      $0.refusal = nil
    }
    #expect(store.state.visibleItems == [F.milk, F.bread, F.tea])
    await store.send(.setFilter(.completed)) { $0.filter = .completed }
    #expect(store.state.visibleItems == [F.eggs, F.jam])
    await store.send(.setFilter(.all)) { $0.filter = .all }
  }

  @Test func countsOfActiveAndCompletedItemsFollowTheItems() async {
    let store = Self.store()
    #expect((store.state.activeCount, store.state.completedCount) == (3, 2))
    await store.send(.toggle(position: 1)) { $0.items[0].isCompleted = true }
    await store.send(.delete(position: 2)) { $0.items.remove(at: 1) }
    #expect((store.state.activeCount, store.state.completedCount) == (2, 2))
  }

  @Test func moveUpAndDownSwapNeighboursInTheWholeList() async {
    let store = Self.store()
    await store.send(.moveUp(position: 2)) { $0.items = [F.eggs, F.milk, F.bread, F.jam, F.tea] }
    await store.send(.moveDown(position: 3)) {
      $0.items = [F.eggs, F.milk, F.jam, F.bread, F.tea]
    }
    await store.send(.moveUp(position: 1)) { $0.refusal = "Item 1 is already at the top." }
    await store.send(.moveDown(position: 5)) { $0.refusal = "Item 5 is already at the bottom." }
  }

  @Test func movingInAFilteredListSwapsWithTheVisibleNeighbourAndLeavesHiddenItemsInPlace() async {
    let store = Self.store(filter: .active)
    await store.send(.moveDown(position: 1)) {
      $0.items = [F.bread, F.eggs, F.milk, F.jam, F.tea]
    }
    #expect(store.state.visibleItems == [F.bread, F.milk, F.tea])
    await store.send(.moveUp(position: 3)) { $0.items = [F.bread, F.eggs, F.tea, F.jam, F.milk] }
    await store.send(.moveDown(position: 3)) { $0.refusal = "Item 3 is already at the bottom." }
    #expect(store.state.items.filter(\.isCompleted) == [F.eggs, F.jam])
  }
}
