import Actomaton
import Testing

/// `IdentifiedArray` as a host uses it outside a reducer.
@Suite struct IdentifiedArrayTests {
  struct Item: Identifiable, Equatable {
    let id: Int
    var name: String
  }

  struct Refused: Error {}

  @Test func removeAllRemovesWhatThePredicateNamesAndKeepsTheOrder() {
    var items: IdentifiedArray<Item> = [
      Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c"),
    ]
    items.removeAll { $0.id == 2 }
    #expect(items.map(\.name) == ["a", "c"])
    #expect(items[id: 2] == nil)
  }

  @Test func aPredicateThatThrowsLeavesTheArrayAsItWas() {
    let before: IdentifiedArray<Item> = [
      Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c"),
    ]
    var items = before
    #expect(throws: Refused.self) {
      try items.removeAll { item in
        if item.id == 3 { throw Refused() }
        return true
      }
    }
    #expect(items == before)
    // NOTE: the throw undoes the removals of ids and elements alike, so every element is still
    // reachable by its id, in order.
    #expect(items.map(\.name) == ["a", "b", "c"])
  }
}
