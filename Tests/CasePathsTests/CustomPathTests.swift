import CasePaths
import Testing

private protocol Event {}
extension TwinAction: Event {}
extension Shape: Event {}

@Suite("Custom and non-enum roots")
struct CustomPathTests {
  @Test("init(embed:extract:) works for a non-enum root")
  func customPath() {
    let even = CasePath<Int, Int>(
      embed: { $0 * 2 },
      extract: { $0.isMultiple(of: 2) ? $0 / 2 : nil })
    #expect(even.extract(from: 10) == 5)
    #expect(even.extract(from: 7) == nil)
    #expect(even.embed(4) == 8)
  }

  @Test("A custom path composes with an enum case path")
  func customComposes() {
    let even = CasePath<Int, Int>(
      embed: { $0 * 2 },
      extract: { $0.isMultiple(of: 2) ? $0 / 2 : nil })
    let half = /TwinAction.a .. even
    #expect(half.extract(from: .a(8)) == 4)
    #expect(half.extract(from: .a(3)) == nil)
    #expect(half.extract(from: .b(8)) == nil)
  }

  // NOTE: our contract differs from the reflection-era one here: a root that is not an enum
  // (an existential, a struct) is refused when the path is made, with the way out.
  @Test("/ with an existential or a struct root is refused, naming the root")
  func nonEnumRoots() throws {
    let existential = try #require(
      refusal { (value: Int) -> any Event in TwinAction.a(value) })
    #expect(existential.contains("is not an enum") && existential.contains("CasePath<"))
    let structure = try #require(refusal { (value: Int) in CounterState(count: value) })
    #expect(structure.contains("CounterState is not an enum"))
  }
}
