import Foundation
import TestSupport
import Testing
import TodoStorage

/// The merge rule of two sessions' saves, case by case: `mine` (the session saving, from
/// `base`) into `theirs` (the list on disk, which another session saved since `base`).
@Suite struct MergeTests {
  static let a = TodoItem(id: UUID(1), text: "a")
  static let b = TodoItem(id: UUID(2), text: "b")
  static let c = TodoItem(id: UUID(3), text: "c")
  static let d = TodoItem(id: UUID(4), text: "d")

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let base: [TodoItem]
    let mine: [TodoItem]
    let theirs: [TodoItem]
    let merged: [TodoItem]
    var testDescription: String { name }
  }

  static func edited(_ item: TodoItem, _ text: String) -> TodoItem {
    TodoItem(id: item.id, text: text, isCompleted: item.isCompleted)
  }

  static func toggled(_ item: TodoItem) -> TodoItem {
    TodoItem(id: item.id, text: item.text, isCompleted: !item.isCompleted)
  }

  static let cases: [Case] = [
    Case(name: "both add", base: [a], mine: [a, b], theirs: [a, c], merged: [a, c, b]),
    Case(name: "nothing changed here", base: [a], mine: [a], theirs: [a, c], merged: [a, c]),
    Case(
      name: "one edits the text, the other ticks it off", base: [a], mine: [edited(a, "A")],
      theirs: [toggled(a)], merged: [toggled(edited(a, "A"))]),
    Case(
      name: "both edit one text: this later save wins", base: [a], mine: [edited(a, "mine")],
      theirs: [edited(a, "theirs")], merged: [edited(a, "mine")]),
    Case(
      name: "a field only they changed keeps theirs", base: [a, b], mine: [a, edited(b, "B")],
      theirs: [edited(a, "A"), b], merged: [edited(a, "A"), edited(b, "B")]),
    Case(name: "I delete", base: [a, b], mine: [b], theirs: [a, b, c], merged: [b, c]),
    Case(name: "they delete", base: [a, b], mine: [a, b, c], theirs: [b], merged: [b, c]),
    Case(name: "both delete", base: [a, b], mine: [b], theirs: [b], merged: [b]),
    Case(
      name: "their edit beats my deletion", base: [a, b], mine: [b], theirs: [edited(a, "A"), b],
      merged: [edited(a, "A"), b]),
    Case(
      name: "my edit beats their deletion", base: [a, b], mine: [toggled(a), b], theirs: [b],
      merged: [b, toggled(a)]),
    Case(
      name: "I move items: my order, their additions after", base: [a, b, c],
      mine: [c, a, b], theirs: [a, b, c, d], merged: [c, a, b, d]),
    Case(
      name: "they move items: their order, my additions after", base: [a, b, c],
      mine: [a, b, c, d], theirs: [b, c, a], merged: [b, c, a, d]),
    Case(
      name: "a fresh session adds to a list", base: [], mine: [c], theirs: [a, b],
      merged: [a, b, c]),
    Case(
      name: "I add an item and move it up: it keeps its place", base: [a, b], mine: [a, c, b],
      theirs: [a, b], merged: [a, c, b]),
    Case(
      name: "I add an item and move it up, they add one: mine in my order, theirs after",
      base: [a, b], mine: [c, a, b], theirs: [a, b, d], merged: [c, a, b, d]),
  ]

  @Test(arguments: cases)
  func mergesByTheDocumentedRule(_ example: Case) {
    #expect(
      TodoItem.merge(example.mine, since: example.base, into: example.theirs) == example.merged)
  }

  @Test func theInMemoryStorageMergesASaveWithABaseAndReplacesWithout() async throws {
    let storage = TodoStorage.inMemory([Self.a])
    let first = try await storage.load()
    let second = try await storage.load()
    #expect(try await storage.save(first + [Self.b], since: first) == [Self.a, Self.b])
    #expect(try await storage.save(second + [Self.c], since: second) == [Self.a, Self.b, Self.c])
    try await storage.save([Self.d])
    #expect(try await storage.load() == [Self.d])
  }
}
