import CasePaths
import Testing

@Suite("Indirect cases")
struct IndirectCaseTests {
  @Test("Cases of an indirect enum extract their boxed payloads")
  func indirectEnum() {
    let node = /Tree.node
    let tree = Tree.node(.leaf("left"), .node(.leaf("a"), .empty))
    let children = node.extract(from: tree)
    #expect(children?.0 == .leaf("left"))
    #expect(children?.1 == .node(.leaf("a"), .empty))
    #expect(node.extract(from: .leaf("x")) == nil)
    #expect(node.extract(from: .empty) == nil)
    #expect(node.embed((.empty, .leaf("r"))) == .node(.empty, .leaf("r")))

    let leaf = /Tree.leaf
    #expect(leaf.extract(from: .leaf("string payload")) == "string payload")
    #expect(leaf.extract(from: tree) == nil)
  }

  @Test("Indirect and direct cases mixed in one enum extract correctly")
  func mixedIndirectCases() {
    let negate = /Expression.negate
    let add = /Expression.add
    let number = /Expression.number
    let name = /Expression.name
    let expression = Expression.add(.number(1), .negate(.name("x")))
    #expect(add.extract(from: expression).flatMap { number.extract(from: $0.0) } == 1)
    let right = add.extract(from: expression)?.1
    #expect(right.flatMap { negate.extract(from: $0) }.flatMap { name.extract(from: $0) } == "x")
    #expect(negate.extract(from: .number(3)) == nil)
    #expect(number.extract(from: .negate(.number(3))) == nil)
    #expect(name.extract(from: .name("y")) == "y")
  }

  @Test("Extracting from an indirect case leaves the original value intact")
  func originalIntact() {
    let leaf = /Tree.leaf
    let node = /Tree.node
    let tree = Tree.node(.leaf(String(repeating: "long ", count: 10)), .empty)
    for _ in 0..<1_000 {
      #expect(node.extract(from: tree)?.1 == .empty)
    }
    #expect(node.extract(from: tree).flatMap { leaf.extract(from: $0.0) }?.count == 50)
    #expect(tree == .node(.leaf(String(repeating: "long ", count: 10)), .empty))
  }

  @Test("Class payloads in indirect cases are neither leaked nor over-released")
  func classPayloadsInBoxes() {
    let counter = DeinitCounter()
    weak var weakObject: Tracked?
    weak var weakListed: Tracked?
    do {
      let object = Tracked(id: 1, counter: counter)
      let listed = Tracked(id: 2, counter: counter)
      weakObject = object
      weakListed = listed
      let objectPath = /BoxedHolder.object
      let listPath = /BoxedHolder.list
      let boxed = BoxedHolder.object(object)
      let list = BoxedHolder.list([listed, listed])
      for _ in 0..<10_000 {
        #expect(objectPath.extract(from: boxed)?.id == 1)
        #expect(listPath.extract(from: list)?.count == 2)
        #expect(objectPath.extract(from: list) == nil)
      }
      #expect(counter.count == 0)
    }
    #expect(weakObject == nil)
    #expect(weakListed == nil)
    #expect(counter.count == 2)
  }
}
