import CasePaths
import Testing

@Suite("Call-site syntax")
struct SyntaxTests {
  @Test("Several case paths on one line are not read as a regex literal")
  func severalOnOneLine() {
    let paths = [/TwinAction.a, /TwinAction.b]
    #expect(paths.map { $0.extract(from: .b(2)) } == [nil, 2])
    let pair = (/TwinAction.a, /TwinAction.b)
    #expect(pair.0.extract(from: .a(1)) == 1)
    #expect(pair.1.extract(from: .a(1)) == nil)
    #expect(first(/TwinAction.a, /TwinAction.b).extract(from: .a(3)) == 3)
  }

  @Test("Case paths passed to generic functions keep their payload type")
  func genericContext() {
    func identity<Root, Value>(_ path: CasePath<Root, Value>) -> CasePath<Root, Value> { path }
    let counter = identity(/AppAction.counter)
    #expect(type(of: counter) == CasePath<AppAction, Int>.self)
    let empty = identity(/Shape.empty)
    #expect(type(of: empty) == CasePath<Shape, Void>.self)
    let cancel = identity(/Request.cancel)
    #expect(type(of: cancel) == CasePath<Request, Void>.self)
  }

  private func first<Root, Value>(
    _ lhs: CasePath<Root, Value>, _ rhs: CasePath<Root, Value>
  ) -> CasePath<Root, Value> {
    lhs
  }
}
