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

  @Test("/ with an existential root matches enum values by reflection")
  func existentialRoot() {
    let a = /{ (value: Int) -> any Event in TwinAction.a(value) }
    #expect(a.extract(from: TwinAction.a(1)) == 1)
    #expect(a.extract(from: TwinAction.b(1)) == nil)
    #expect(a.extract(from: Shape.point) == nil)
    #expect(a.embed(2) as? TwinAction == .a(2))
  }

  @Test("/ with a struct root never matches")
  func structRoot() {
    let wrap = /{ (value: Int) in CounterState(count: value) }
    #expect(wrap.extract(from: CounterState(count: 1)) == nil)
    #expect(wrap.embed(3) == CounterState(count: 3))
  }
}
