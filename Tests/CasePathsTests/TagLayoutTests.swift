import Testing

@testable import CasePaths

/// An indirect first case with a spare-bit tag beside a string and an array.
enum LayoutMixed {
  indirect case boxed(LayoutMixed)
  case text(String)
  case list([Int])
  case idle
}

/// Payload enums with payload-less cases, nested.
enum LayoutNest {
  case child(Request)
  case other(Request)
  case mixed(LayoutMixed)
  case none
}

/// LayoutSmall payloads with an extra tag byte and a bool.
enum LayoutSmall {
  case flag(Bool)
  case byte(UInt8)
  case pair(Bool, UInt8)
  case nothing
}

/// Struct payloads whose common spare bits hold the tag.
enum Pairs {
  case first(Pair)
  case second(Pair)
  case third(Pair)
  case idle
}

struct Pair {
  var number: Int
  var names: [String]
}

/// Nested: an enum payload whose own tag shares bits with the outer one.
enum Outer {
  case inner(Lists)
  case other(Lists)
}

@Suite("Bit tests agree with a switch for many shapes")
struct TagLayoutTests {
  /// Learns `path` from each root in turn (so every order of learning is tried), and checks
  /// that `isCase` and `extract` agree with `reference` (values compared by `same`, by default
  /// by their descriptions).
  private func agree<Root, Value>(
    _ makePath: () -> CasePath<Root, Value>, _ roots: [Root],
    _ reference: (Root) -> Value?, _ same: (Value, Value) -> Bool = { "\($0)" == "\($1)" },
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for first in roots.indices {
      let path = makePath()
      _ = path.extract(from: roots[first])
      for pass in 0..<2 {
        for index in roots.indices {
          var root = roots[index]
          let expected = reference(root)
          #expect(
            path.isCase(of: &root) == (expected != nil),
            "isCase \(index) after \(first), pass \(pass)", sourceLocation: sourceLocation)
          let extracted = path.extract(from: root)
          #expect(
            (extracted == nil) == (expected == nil)
              && (extracted.map { e in expected.map { same(e, $0) } ?? false } ?? true),
            "extract \(index) after \(first)", sourceLocation: sourceLocation)
        }
      }
    }
  }

  @Test func mixed() {
    let roots: [LayoutMixed] = [.boxed(.text("a")), .text("t"), .list([1]), .idle, .boxed(.idle)]
    agree({ /LayoutMixed.text }, roots, { if case .text(let v) = $0 { v } else { nil } }, ==)
    agree({ /LayoutMixed.list }, roots, { if case .list(let v) = $0 { v } else { nil } }, ==)
    agree({ /LayoutMixed.boxed }, roots, { if case .boxed(let v) = $0 { v } else { nil } })
    let optionalRoots: [LayoutMixed?] = roots + [nil]
    agree(
      { () -> CasePath<LayoutMixed?, String> in /LayoutMixed.text }, optionalRoots,
      { if case .text(let v)? = $0 { v } else { nil } }, ==)
    agree(
      { () -> CasePath<LayoutMixed?, LayoutMixed> in /LayoutMixed.boxed }, optionalRoots,
      { if case .boxed(let v)? = $0 { v } else { nil } })
  }

  @Test func nest() {
    let roots: [LayoutNest] = [
      .child(.cancel), .child(.fetch(id: "x")), .other(.idle), .other(.fetch(id: "y")),
      .mixed(.idle), .mixed(.boxed(.idle)), .none,
    ]
    agree({ /LayoutNest.child }, roots, { if case .child(let v) = $0 { v } else { nil } })
    agree({ /LayoutNest.other }, roots, { if case .other(let v) = $0 { v } else { nil } })
    agree({ /LayoutNest.mixed }, roots, { if case .mixed(let v) = $0 { v } else { nil } })
    let optionalRoots: [LayoutNest?] = roots + [nil]
    agree(
      { () -> CasePath<LayoutNest?, Request> in /LayoutNest.other }, optionalRoots,
      { if case .other(let v)? = $0 { v } else { nil } })
    agree(
      { () -> CasePath<LayoutNest?, Request> in /LayoutNest.child }, optionalRoots,
      { if case .child(let v)? = $0 { v } else { nil } })
  }

  @Test("Spare-bit tags of arrays and structs, and a nested enum")
  func spareBitsAndNesting() {
    let lists: [Lists] = [.names(["a"]), .numbers([1]), .idle]
    agree({ /Lists.names }, lists, { if case .names(let v) = $0 { v } else { nil } }, ==)
    agree({ /Lists.numbers }, lists, { if case .numbers(let v) = $0 { v } else { nil } }, ==)
    agree(
      { () -> CasePath<Lists?, [String]> in /Lists.names }, lists + [nil],
      { if case .names(let v)? = $0 { v } else { nil } }, ==)
    let pair = Pair(number: 1, names: ["x"])
    let pairs: [Pairs] = [.first(pair), .second(pair), .third(Pair(number: -1, names: [])), .idle]
    agree({ /Pairs.first }, pairs, { if case .first(let v) = $0 { v } else { nil } })
    agree({ /Pairs.second }, pairs, { if case .second(let v) = $0 { v } else { nil } })
    agree({ /Pairs.third }, pairs, { if case .third(let v) = $0 { v } else { nil } })
    agree(
      { () -> CasePath<Pairs?, Pair> in /Pairs.third }, pairs + [nil],
      { if case .third(let v)? = $0 { v } else { nil } })
    let outers: [Outer] = [
      .inner(.idle), .inner(.numbers([1])), .other(.names(["a"])), .other(.idle),
    ]
    agree({ /Outer.inner }, outers, { if case .inner(let v) = $0 { v } else { nil } }, ==)
    agree({ /Outer.other }, outers, { if case .other(let v) = $0 { v } else { nil } }, ==)
    agree(
      { () -> CasePath<Outer?, Lists> in /Outer.other }, outers + [nil],
      { if case .other(let v)? = $0 { v } else { nil } }, ==)
  }

  @Test func small() {
    let roots: [LayoutSmall] = [
      .flag(true), .flag(false), .byte(0), .byte(255), .pair(true, 3), .nothing,
    ]
    agree({ /LayoutSmall.flag }, roots, { if case .flag(let v) = $0 { v } else { nil } }, ==)
    agree({ /LayoutSmall.byte }, roots, { if case .byte(let v) = $0 { v } else { nil } }, ==)
    agree(
      { /LayoutSmall.pair }, roots, { if case .pair(let a, let b) = $0 { (a, b) } else { nil } }, ==
    )
    let optionalRoots: [LayoutSmall?] = roots + [nil]
    agree(
      { () -> CasePath<LayoutSmall?, Bool> in /LayoutSmall.flag }, optionalRoots,
      { if case .flag(let v)? = $0 { v } else { nil } }, ==)
    agree(
      { () -> CasePath<LayoutSmall?, UInt8> in /LayoutSmall.byte }, optionalRoots,
      { if case .byte(let v)? = $0 { v } else { nil } }, ==)
  }

  @Test func expressionsAndHolders() {
    let roots: [Expression] = [
      .number(1), .negate(.number(2)), .add(.number(1), .name("n")), .name("x"),
    ]
    agree({ /Expression.number }, roots, { if case .number(let v) = $0 { v } else { nil } }, ==)
    agree({ /Expression.name }, roots, { if case .name(let v) = $0 { v } else { nil } }, ==)
    agree({ /Expression.negate }, roots, { if case .negate(let v) = $0 { v } else { nil } })
    let maybe: [Maybe?] = [.value(nil), .value(3), .label("l"), nil]
    agree(
      { () -> CasePath<Maybe?, Int?> in /Maybe.value }, maybe,
      { if case .value(let v)? = $0 { v } else { nil } }, ==)
    agree(
      { () -> CasePath<Maybe?, String> in /Maybe.label }, maybe,
      { if case .label(let v)? = $0 { v } else { nil } }, ==)
  }
}
