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

/// Two payload cases of `T` and a third: an extra tag byte after `T`'s bytes (no spare bits).
enum Sized<T> {
  case value(T), other(T), none
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

  /// Roots whose size ends in every part of a word (read through a copy whose last word is
  /// padded), and one aligned to 16 bytes.
  @Test func everyLastWord() {
    func check<T>(_ value: T, _ other: T, sourceLocation: SourceLocation = #_sourceLocation) {
      let roots: [Sized<T>] = [.value(value), .other(other), .none]
      agree(
        { /Sized<T>.value }, roots, { if case .value(let v) = $0 { v } else { nil } },
        sourceLocation: sourceLocation)
      agree(
        { /Sized<T>.other }, roots, { if case .other(let v) = $0 { v } else { nil } },
        sourceLocation: sourceLocation)
    }
    check(-1, 0x7F)
    check((-2, UInt8(0xA1)), (3, 0xB2))
    check((-3, UInt8(1), UInt8(2)), (4, 5, 6))
    check((-4, UInt8(1), UInt8(2), UInt8(3)), (5, 6, 7, 8))
    check((-5, UInt8(1), UInt8(2), UInt8(3), UInt8(4)), (6, 7, 8, 9, 10))
    check((-6, UInt8(1), UInt8(2), UInt8(3), UInt8(4), UInt8(5)), (7, 8, 9, 10, 11, 12))
    check(
      (-7, UInt8(1), UInt8(2), UInt8(3), UInt8(4), UInt8(5), UInt8(6)), (8, 9, 10, 11, 12, 13, 14))
    check((-8, UInt32(1), UInt16(2), UInt8(3)), (9, 10, 11, 0xFF))
    check(SIMD4<Float>(1, 2, 3, 4), SIMD4<Float>(-1, -2, -3, -4))
    check((), ())
    let sizes = [
      MemoryLayout<Sized<Int>>.size, MemoryLayout<Sized<(Int, UInt8)>>.size,
      MemoryLayout<Sized<(Int, UInt8, UInt8)>>.size,
      MemoryLayout<Sized<(Int, UInt8, UInt8, UInt8)>>.size,
      MemoryLayout<Sized<(Int, UInt8, UInt8, UInt8, UInt8)>>.size,
      MemoryLayout<Sized<(Int, UInt8, UInt8, UInt8, UInt8, UInt8)>>.size,
      MemoryLayout<Sized<(Int, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)>>.size,
      MemoryLayout<Sized<(Int, UInt32, UInt16, UInt8)>>.size,
    ]
    #expect(sizes.map { $0 % 8 } == [1, 2, 3, 4, 5, 6, 7, 0])
    #expect(MemoryLayout<Sized<SIMD4<Float>>>.alignment == 16)
  }
}
