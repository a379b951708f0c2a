import CasePaths
import Testing

@Suite("Cases with equal payload types")
struct EqualPayloadTypeTests {
  @Test("A non-matching root seen first does not make a(Int) match b(Int)")
  func nonMatchingFirst() {
    let a = /TwinAction.a
    #expect(a.extract(from: .b(1)) == nil)
    #expect(a.extract(from: .a(2)) == 2)
    #expect(a.extract(from: .b(3)) == nil)
    #expect(a.extract(from: .c) == nil)
    #expect(a.extract(from: .a(4)) == 4)
  }

  @Test("A matching root seen first does not make b(Int) match a(Int)")
  func matchingFirst() {
    let b = /TwinAction.b
    #expect(b.extract(from: .b(1)) == 1)
    #expect(b.extract(from: .a(2)) == nil)
    #expect(b.extract(from: .b(3)) == 3)
    #expect(b.extract(from: .c) == nil)
  }

  @Test("Only non-matching roots never match, however often they are seen")
  func onlyNonMatching() {
    let a = /TwinAction.a
    for value in 0..<100 {
      #expect(a.extract(from: .b(value)) == nil)
      #expect(a.extract(from: .c) == nil)
    }
    #expect(a.extract(from: .a(9)) == 9)
  }

  @Test("Two paths with equal payload types embed their own cases")
  func embedsOwnCase() {
    #expect((/TwinAction.a).embed(1) == .a(1))
    #expect((/TwinAction.b).embed(1) == .b(1))
  }
}
