import ActomatonDebugging
import Testing

/// `StateDiff` ends on any value (issue #29, item 6) and costs what changed (item 9).
@Suite struct StateDiffBoundsTests {
  final class Node {
    var name: String
    var children: [Node] = []
    weak var parent: Node?

    init(_ name: String, _ children: [Node] = []) {
      self.name = name
      self.children = children
      for child in children { child.parent = self }
    }
  }

  struct Tree { var root: Node }

  @Test func aTreeWithParentLinksIsDiffedOnce() {
    let old = Tree(root: Node("root", [Node("a"), Node("b")]))
    let new = Tree(root: Node("root", [Node("a"), Node("c")]))
    #expect(StateDiff(old: old, new: new).lines() == [#"  .root.children[1].name: "b" → "c""#])
  }

  @Test func theSameObjectIsNotWalked() {
    let node = Node("root", [Node("a")])
    #expect(StateDiff(old: Tree(root: node), new: Tree(root: node)).isEmpty)
  }

  indirect enum Chain: Equatable {
    case end
    case link(Chain)

    static func of(length: Int) -> Chain {
      var chain = Chain.end
      for _ in 0..<length { chain = .link(chain) }
      return chain
    }
  }

  @Test func aDeepIndirectEnumEndsWithAnEllipsis() {
    let lines = StateDiff(old: Chain.of(length: 3_000), new: Chain.of(length: 3_001)).lines()
    #expect(lines.count == 1)
    #expect(lines.first?.hasSuffix("… → …") == true, "\(lines)")
  }

  @Test func aDeepValueAddedIsShownAsAnEllipsisNotPrinted() {
    struct State { var chain: Chain? }
    let lines = StateDiff(old: State(chain: nil), new: State(chain: .of(length: 3_000))).lines()
    #expect(lines == ["  .chain: nil → …"])
  }

  struct Samples: Equatable { var values: [Double] }

  // NOTE: how long it takes is the benchmark's row D1 (release build), not a bound here.
  @Test func oneChangeInTenThousandValuesIsOneLine() {
    let old = Samples(values: (0..<10_000).map(Double.init))
    var new = old
    new.values[5_000] = 0.5
    let lines = StateDiff(old: old, new: new).lines()
    #expect(lines == ["  .values[5000]: 5000.0 → 0.5"])
  }

  @Test func tenThousandChangedLeavesAreAllListedWithNamesLeftInQuotes() {
    struct Item { var title: String; var x: Double }
    let old = (0..<10_000).map { Item(title: "A.b\($0)", x: Double($0)) }
    let new = old.map { Item(title: $0.title, x: $0.x + 0.5) }
    let lines = StateDiff(old: old, new: new).lines()
    #expect(lines.count == 10_000)
    #expect(lines.first == "  [0].x: 0.0 → 0.5")
    #expect(
      StateDiff(old: old[0], new: Item(title: "B.c", x: 0)).lines() == [
        #"  .title: "A.b0" → "B.c""#
      ])
  }
}
