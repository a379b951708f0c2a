import CasePaths
import Testing

@Suite("Composition")
struct CompositionTests {
  @Test("appending(path:) extracts through both levels")
  func appendingExtracts() {
    let leaf = (/AppAction.child).appending(path: /ChildAction.leaf)
    #expect(leaf.extract(from: .child(.leaf("deep"))) == "deep")
  }

  @Test("appending(path:) fails when either level does not match")
  func appendingFails() {
    let leaf = (/AppAction.child).appending(path: /ChildAction.leaf)
    #expect(leaf.extract(from: .child(.tap)) == nil)
    #expect(leaf.extract(from: .counter(1)) == nil)
    #expect(leaf.extract(from: .child(.leaf("again"))) == "again")
  }

  @Test("appending(path:) embeds through both levels")
  func appendingEmbeds() {
    let leaf = (/AppAction.child).appending(path: /ChildAction.leaf)
    guard case .child(.leaf(let text)) = leaf.embed("built") else {
      Issue.record("embed built another case")
      return
    }
    #expect(text == "built")
  }

  @Test("The .. operator composes like appending(path:)")
  func compositionOperator() {
    let leaf = /AppAction.child .. /ChildAction.leaf
    #expect(type(of: leaf) == CasePath<AppAction, String>.self)
    #expect(leaf.extract(from: .child(.leaf("op"))) == "op")
    #expect(leaf.extract(from: .child(.tap)) == nil)
    let tap = /AppAction.child .. /ChildAction.tap
    #expect(tap.extract(from: .child(.tap)) != nil)
    #expect(tap.extract(from: .child(.leaf("x"))) == nil)
  }

  @Test("Three levels compose left to right")
  func threeLevels() {
    let deep = /Either<AppAction, Int>.left .. /AppAction.child .. /ChildAction.leaf
    #expect(deep.extract(from: .left(.child(.leaf("3")))) == "3")
    #expect(deep.extract(from: .right(3)) == nil)
    guard case .left(.child(.leaf("e"))) = deep.embed("e") else {
      Issue.record("embed built another case")
      return
    }
  }
}
