import Testing

@testable import CasePaths

@Suite("Runtime enum layout assumptions")
struct RuntimeLayoutTests {
  private func payload(_ type: Any.Type, tag: UInt32) -> (String, Bool)? {
    guard
      case .stored(let payloadType, let indirect, _) = EnumLayout(of: type)?.payload(forTag: tag)
    else { return nil }
    return ("\(payloadType)", indirect)
  }

  @Test("Tags number payload cases first, then cases without payload")
  func tagNumbering() {
    let layout = EnumLayout(of: Shape.self)
    #expect(layout?.tag(of: Shape.rect(width: 1, height: 2)) == 0)
    #expect(layout?.tag(of: Shape.box(1, 2, 3)) == 1)
    #expect(layout?.tag(of: Shape.circle(radius: 1)) == 2)
    #expect(layout?.tag(of: Shape.empty) == 3)
    #expect(layout?.tag(of: Shape.point) == 4)
    #expect(layout?.isPayloadless(tag: 3) == true)
    #expect(layout?.isPayloadless(tag: 2) == false)
  }

  @Test("Field records give payload types and indirect flags by tag")
  func fieldRecords() {
    #expect(payload(Shape.self, tag: 0)?.0 == "(width: Int, height: Int)")
    let emptyPayload = EnumLayout(of: Shape.self)?.payload(forTag: 3)
    #expect(emptyPayload.map { if case .none = $0 { true } else { false } } == true)
    #expect(payload(Tree.self, tag: 0)! == ("String", true))
    #expect(payload(Tree.self, tag: 1)! == ("(Tree, Tree)", true))
    #expect(payload(Expression.self, tag: 0)! == ("Int", false))
    #expect(payload(Expression.self, tag: 1)! == ("Expression", true))
    #expect(payload(Expression.self, tag: 2)! == ("(Expression, Expression)", true))
    #expect(payload(Expression.self, tag: 3)! == ("String", false))
    #expect(payload(Either<Int, [String]>.self, tag: 1)?.0 == "Array<String>")
  }

  @Test("Only enums and optionals have an enum layout")
  func nonEnums() {
    #expect(EnumLayout(of: Int.self) == nil)
    #expect(EnumLayout(of: CounterState.self) == nil)
    #expect(EnumLayout(of: (Int, Int).self) == nil)
    #expect(EnumLayout(of: (any Error).self) == nil)
    #expect(EnumLayout(of: Tracked.self) == nil)
    #expect(EnumLayout(of: Int?.self) != nil)
  }

  @Test("Layout identity accepts the same type, one-element tuples and relabelled tuples")
  func layoutIdentity() {
    #expect(isLayoutIdentical(payload: Int.self, value: Int.self))
    #expect(isLayoutIdentical(payload: (width: Int, height: Int).self, value: (Int, Int).self))
    #expect(!isLayoutIdentical(payload: (Int, Int).self, value: (Int, String).self))
    #expect(!isLayoutIdentical(payload: Any.self, value: Int.self))
    #expect(!isLayoutIdentical(payload: (any Error).self, value: SampleError.self))
  }
}
