import Actomaton
import ActomatonDebugging
import Foundation
import Testing

/// Diffs that tell the truth (issue #29, items 8, 10–13 and the ones seen besides).
@Suite struct StateDiffTruthTests {
  struct Tags: Equatable { var tags: Set<Int> }

  @Test func equalSetsInADifferentOrderHaveNoDiff() {
    var small = Set<Int>(minimumCapacity: 1)
    var large = Set<Int>(minimumCapacity: 4_096)
    for value in 0..<40 { small.insert(value) }
    for value in (0..<40).reversed() { large.insert(value) }
    #expect(Array(small) != Array(large), "the test needs two iteration orders")
    #expect(StateDiff(old: Tags(tags: small), new: Tags(tags: large)).isEmpty)
  }

  @Test func oneInsertIntoASetIsOneAddedMember() {
    let old = Tags(tags: Set(0..<40))
    var new = old
    new.tags.insert(99)
    new.tags.remove(3)
    #expect(StateDiff(old: old, new: new).lines() == ["  − .tags: 3", "  + .tags: 99"])
  }

  class Base { var id = 1 }
  final class Derived: Base { var extra = "x" }
  struct Holder { var item: Derived }

  @Test func inheritedFieldsAreCompared() {
    let (old, new) = (Derived(), Derived())
    new.id = 2
    #expect(
      StateDiff(old: Holder(item: old), new: Holder(item: new)).lines() == ["  .item.id: 1 → 2"])
  }

  enum Document: Equatable, CustomStringConvertible {
    case readme, license
    var description: String { self == .readme ? "README.md" : "LICENSE.txt" }
  }

  struct Files: Equatable { var document: Document; var link: URL }

  @Test func leafTextThatLooksQualifiedIsNeverCut() {
    let old = Files(document: .readme, link: URL(string: "README.md")!)
    let new = Files(document: .license, link: URL(string: "LICENSE.txt")!)
    #expect(
      StateDiff(old: old, new: new).lines() == [
        "  .document: README.md → LICENSE.txt", "  .link: README.md → LICENSE.txt",
      ])
  }

  struct Ledger: Equatable { var amount: Decimal; var date: Date; var data: Data }

  @Test func foundationValuesAreComparedAsAWhole() {
    let old = Ledger(amount: 1.5, date: Date(timeIntervalSince1970: 0), data: Data([1, 2, 3]))
    let new = Ledger(amount: 2.5, date: Date(timeIntervalSince1970: 0), data: Data([1, 2, 3, 4]))
    #expect(
      StateDiff(old: old, new: new).lines() == [
        "  .amount: 1.5 → 2.5", "  .data: 3 bytes → 4 bytes",
      ])
  }

  struct Todo: Identifiable, Equatable { var id: Int; var title: String }
  struct TodoList: Equatable { var todos: IdentifiedArray<Todo> }

  @Test func identifiedArraysShowElementPaths() {
    let old = TodoList(todos: [
      Todo(id: 1, title: "a"), Todo(id: 2, title: "b"), .init(id: 3, title: "c"),
    ])
    var new = old
    new.todos[id: 3]?.title = "C"
    #expect(StateDiff(old: old, new: new).lines() == [#"  .todos[2].title: "c" → "C""#])
  }

  @Test func identifiableElementsAreAlignedByID() {
    let old = (0..<5).map { Todo(id: $0, title: "t\($0)") }
    var new = old
    new.remove(at: 1)
    new[2].title = "changed"
    #expect(
      StateDiff(old: old, new: new).lines() == [
        #"  − [1]: Todo(id: 1, title: "t1")"#, #"  [2].title: "t3" → "changed""#,
      ])
  }

  @Test func oneInsertAtTheFrontOfAThousandIsOneLine() {
    let old = (0..<1_000).map { "item \($0)" }
    let new = ["new"] + old
    #expect(StateDiff(old: old, new: new).lines() == [#"  + [0]: "new""#])
  }

  @Test func aMoveInTheMiddleIsARemovalAndAnInsertion() {
    let old = ["a", "b", "c", "d", "e"]
    let new = ["a", "c", "d", "b", "e"]
    #expect(StateDiff(old: old, new: new).lines() == [#"  − [1]: "b""#, #"  + [3]: "b""#])
  }

  struct Key: Hashable, CustomStringConvertible {
    var id: Int
    var description: String { "key" }
  }

  @Test func dictionaryKeysDescribedAlikeKeepTheirChanges() {
    let old = [Key(id: 1): 1, Key(id: 2): 2]
    var new = old
    new[Key(id: 2)] = 3
    #expect(StateDiff(old: old, new: new).lines() == ["  [key]: 2 → 3"])
  }

  @Test func someNilAndNilDiffer() {
    struct Pick: Equatable { var value: Int?? }
    #expect(
      StateDiff(old: Pick(value: .some(nil)), new: Pick(value: nil)).lines() == [
        "  .value: Optional(nil) → nil"
      ])
  }

  enum Mode: Equatable, CustomStringConvertible {
    case fast, quick
    var description: String { "speedy" }
  }

  @Test func casesDescribedAlikeStillShowAChange() {
    struct Settings: Equatable { var mode: Mode }
    #expect(
      StateDiff(old: Settings(mode: .fast), new: Settings(mode: .quick)).lines() == [
        "  .mode: speedy → speedy (a different value, described alike)"
      ])
  }
}
