import CasePaths
import Testing

@Suite("Cases without payload")
struct PayloadlessCaseTests {
  @Test("For an Equatable enum, /Enum.case infers CasePath<Enum, Void>")
  func equatableInference() {
    let empty = /Shape.empty
    #expect(type(of: empty) == CasePath<Shape, Void>.self)
  }

  @Test("A case without payload extracts () only from that case")
  func extractPayloadless() {
    let empty = /Shape.empty
    #expect(empty.extract(from: .empty) != nil)
    #expect(empty.extract(from: .point) == nil)
    #expect(empty.extract(from: .rect(width: 1, height: 1)) == nil)
    #expect(empty.embed(()) == .empty)
  }

  @Test("For a non-Equatable enum, /Enum.case infers CasePath<Enum, Void>, not an optional")
  func nonEquatableInference() {
    let cancel = /Request.cancel
    #expect(type(of: cancel) == CasePath<Request, Void>.self)
    #expect(cancel.extract(from: .cancel) != nil)
    #expect(cancel.extract(from: .idle) == nil)
    let reset = /AppAction.reset
    #expect(type(of: reset) == CasePath<AppAction, Void>.self)
    #expect(reset.extract(from: .counter(1)) == nil)
    let paths = [/Request.cancel, /Request.idle]
    #expect(type(of: paths) == [CasePath<Request, Void>].self)
    let optional: CasePath<Request?, Void> = /Request.idle
    #expect(optional.extract(from: .some(.idle)) != nil)
    #expect(optional.extract(from: nil) == nil)
  }

  @Test("A non-Sendable enum's cases infer plain case paths too")
  func nonSendable() {
    let idle = /Unshared.idle
    #expect(type(of: idle) == CasePath<Unshared, Void>.self)
    #expect(idle.extract(from: .idle) != nil)
    #expect(idle.extract(from: .counter(1)) == nil)
    let counter = /Unshared.counter
    #expect(type(of: counter) == CasePath<Unshared, Int>.self)
    #expect(counter.extract(from: .counter(2)) == 2)
    #expect(type(of: /Unshared.self) == CasePath<Unshared, Unshared>.self)
  }

  @Test("A non-Equatable enum's case without payload works where the type is known")
  func nonEquatable() {
    let cancel: CasePath<Request, Void> = /Request.cancel
    #expect(cancel.extract(from: .cancel) != nil)
    #expect(cancel.extract(from: .idle) == nil)
    #expect(cancel.extract(from: .fetch(id: "1")) == nil)
    guard case .cancel = cancel.embed(()) else {
      Issue.record("embed built another case")
      return
    }
  }

  @Test("A case without payload of an enum with indirect cases is matched by tag")
  func indirectEnum() {
    let empty = /Tree.empty
    #expect(empty.extract(from: .empty) != nil)
    #expect(empty.extract(from: .leaf("a")) == nil)
    #expect(empty.embed(()) == .empty)
  }

  @Test("A case without payload through an optional root fails on nil")
  func optionalRoot() {
    let point: CasePath<Shape?, Void> = /Shape.point
    #expect(point.extract(from: nil) == nil)
    #expect(point.extract(from: .some(.point)) != nil)
    #expect(point.extract(from: .some(.empty)) == nil)
    #expect(point.embed(()) == .some(.point))
  }

  @Test("A case without payload through two optional layers matches and embeds both")
  func doublyOptionalRoot() {
    let point: CasePath<Shape??, Void> = /Shape.point
    #expect(point.extract(from: .some(.some(.point))) != nil)
    #expect(point.extract(from: .some(.some(.empty))) == nil)
    #expect(point.extract(from: .some(.none)) == nil)
    #expect(point.extract(from: .none) == nil)
    #expect(point.embed(()) == .some(.some(.point)))
  }

  @Test("Optional.none is a case without payload")
  func optionalNone() {
    let none: CasePath<Int?, Void> = /Optional<Int>.none
    #expect(none.extract(from: nil) != nil)
    #expect(none.extract(from: 3) == nil)
    #expect(none.embed(()) == nil)
  }
}
