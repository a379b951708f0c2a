import Testing

@testable import CasePaths

@Suite("How cases are learned")
struct LearningModeTests {
  private func learnedState<Root, Value>(
    _ embed: @escaping @Sendable (Value) -> Root, from root: Root
  ) -> (state: CaseState, extracted: Value?) {
    let enumCase = EnumCase(embed: embed)!
    let extracted = enumCase.extract(from: root)
    return (CaseState(bits: enumCase.learned.load(ordering: .relaxed)), extracted)
  }

  @Test("Plain payloads are read in place")
  func inPlace() {
    let learned = learnedState(TwinAction.b, from: .b(3))
    #expect(learned.extracted == 3)
    #expect(learned.state.mode == ExtractionMode.inPlace)
    #expect(learned.state.tag == 1)
    #expect(learned.state.depth == 0)
  }

  @Test("Payloads sharing storage with tag bits are copied and projected")
  func projected() {
    let counter = DeinitCounter()
    let object = Tracked(id: 1, counter: counter)
    let learned = learnedState(Holder.pair, from: .pair(object, "text"))
    #expect(learned.extracted?.0 === object)
    #expect([ExtractionMode.inline, ExtractionMode.inPlace].contains(learned.state.mode))
  }

  @Test("Indirect payloads are read from their box in place")
  func indirect() {
    let learned = learnedState(Tree.node, from: .node(.leaf("l"), .empty))
    #expect(learned.extracted?.0 == .leaf("l"))
    #expect(learned.state.mode == ExtractionMode.indirectInPlace)
  }

  @Test("Payloads of another declared type go through a cast")
  func cast() {
    let learned = learnedState({ (value: Int) in Anything.value(value) }, from: .value(1))
    #expect(learned.extracted == 1)
    #expect(learned.state.mode == ExtractionMode.cast)
  }

  @Test("Cases inside optionals record their depth")
  func depth() {
    let learned = learnedState(
      { (value: Int) -> TwinAction?? in .some(.some(.a(value))) }, from: .some(.some(.a(4))))
    #expect(learned.extracted == 4)
    #expect(learned.state.depth == 2)
  }

  @Test("A failed cast from an optional payload is not remembered as a mismatch")
  func optionalPayloadCast() {
    let value = /{ (value: Int) in Maybe.value(value) }
    #expect(value.extract(from: .value(nil)) == nil)
    #expect(value.extract(from: .label("x")) == nil)
    #expect(value.extract(from: .value(5)) == 5)
    #expect(value.extract(from: .value(nil)) == nil)
  }

  @Test("Payload types that may or may not cast are told apart from those that never do")
  func castRelation() {
    #expect(payloadMayVaryInCasting(Any.self, to: Int.self))
    #expect(payloadMayVaryInCasting(Int?.self, to: Int.self))
    #expect(payloadMayVaryInCasting(AnyHashable.self, to: Int.self))
    #expect(payloadMayVaryInCasting([Any].self, to: [Int].self))
    #expect(payloadMayVaryInCasting(Tracked.self, to: Int.self))
    #expect(!payloadMayVaryInCasting(String.self, to: Int.self))
    #expect(!payloadMayVaryInCasting([String].self, to: Int.self))
    #expect(!payloadMayVaryInCasting(TwinAction.self, to: Int.self))
    #expect(!payloadMayVaryInCasting((Int, String).self, to: Int.self))
  }
}

@Suite("Cases learned from a sample")
struct SampleLearningTests {
  @Test("A case whose payload is an enum with a case without payload is learned before use")
  func learnedBeforeMatching() {
    let enumCase = EnumCase(embed: AppAction.child)!
    #expect(enumCase.extract(from: .counter(1)) == nil)
    let state = CaseState(bits: enumCase.learned.load(ordering: .relaxed))
    #expect(state.isKnown)
    #expect(state.tag == 3)
    #expect(enumCase.extract(from: .child(.leaf("l"))) == .leaf("l"))
    #expect(enumCase.extract(from: .reset) == nil)
  }
}
