import Testing

@testable import CasePaths

/// What the actomaton's watchers of an enum field rely on to skip a comparison: a root's key is
/// its tags, and a path's answer by tags is `nil` whenever the tags cannot tell.
@Suite("Case keys and answers by tags")
struct CaseKeyTests {
  @Test("Roots in the same cases share a key; roots in other cases or nil do not")
  func keysFollowTheCases() {
    let path: CasePath<TwinAction?, Int> = /TwinAction.a
    let roots: [TwinAction?] = [nil, .a(1), .b(1), .c]
    var keys = Set<UInt64>()
    for var root in roots {
      guard let key = path.caseKey(of: &root) else { return #expect(Bool(false), "no key") }
      keys.insert(key)
    }
    #expect(keys.count == roots.count)
    var (one, other): (TwinAction?, TwinAction?) = (.a(1), .a(2))
    #expect(path.caseKey(of: &one) == path.caseKey(of: &other))
  }

  @Test("A path answers by tags once it knows its case, and a hand-written one never")
  func answersByTags() {
    let path: CasePath<TwinAction?, Int> = /TwinAction.b
    var (a, b, none): (TwinAction?, TwinAction?, TwinAction?) = (.a(1), .b(2), nil)
    #expect(path.isCaseByTags(of: &none) == false)
    #expect(path.isCaseByTags(of: &a) == nil)
    _ = path.extract(from: b)
    #expect(path.isCaseByTags(of: &a) == false)
    #expect(path.isCaseByTags(of: &b) == true)
    let hand = CasePath<TwinAction?, Int>(
      embed: { .b($0) }, extract: { if case .b(let value)? = $0 { value } else { nil } })
    #expect(hand.isCaseByTags(of: &b) == nil && hand.caseKey(of: &b) == nil)
  }

  @Test("A case whose payload is cast answers by its payload, not its tags")
  func castCasesAreNotDecidedByTags() {
    let path: CasePath<Anything, Int> = /Anything.value
    var (number, text): (Anything, Anything) = (.value(1), .value("one"))
    #expect(path.extract(from: number) == 1)
    #expect(path.isCaseByTags(of: &number) == nil && path.isCaseByTags(of: &text) == nil)
  }

  @Test("Four layers of optionals have no key")
  func deepRootsHaveNoKey() {
    let path: CasePath<TwinAction????, Int> = /TwinAction.a
    var root: TwinAction???? = .a(1)
    #expect(path.caseKey(of: &root) == nil)
  }
}
