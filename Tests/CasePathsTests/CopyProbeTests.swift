import Testing

@testable import CasePaths

/// A value made from a seed, so that values of one shape made from different seeds differ.
protocol ProbeSeeded: Equatable { init(seed: UInt8) }
extension UInt8: ProbeSeeded { init(seed: UInt8) { self = seed } }
extension Int: ProbeSeeded { init(seed: UInt8) { self = -1 - Int(seed) &* 0x0102_0304_0506 } }
struct ProbeTwo<T: ProbeSeeded>: ProbeSeeded {
  var x: T, y: T
  init(seed: UInt8) { (x, y) = (T(seed: seed), T(seed: seed &* 7 &+ 3)) }
}
struct ProbeCat<A: ProbeSeeded, B: ProbeSeeded>: ProbeSeeded {
  var a: A, b: B
  init(seed: UInt8) { (a, b) = (A(seed: seed &+ 11), B(seed: seed &* 5 &+ 1)) }
}
struct ProbeEmpty: ProbeSeeded { init(seed: UInt8) {} }
typealias ProbeB2 = ProbeTwo<UInt8>
typealias ProbeB4 = ProbeTwo<ProbeB2>
typealias ProbeB8 = ProbeTwo<ProbeB4>
typealias ProbeB16 = ProbeTwo<ProbeB8>
typealias ProbeB32 = ProbeTwo<ProbeB16>
typealias ProbeB64 = ProbeTwo<ProbeB32>
typealias ProbeB128 = ProbeTwo<ProbeB64>
typealias ProbeB1024 = ProbeTwo<ProbeTwo<ProbeTwo<ProbeB128>>>
/// `n` bytes less one, as a sum of the shapes above (7 = 4 + 2 + 1).
typealias ProbeB6 = ProbeCat<ProbeB4, ProbeB2>
typealias ProbeB7 = ProbeCat<ProbeB6, UInt8>
typealias ProbeB14 = ProbeCat<ProbeB8, ProbeB6>
typealias ProbeB62 = ProbeCat<ProbeCat<ProbeB32, ProbeB16>, ProbeB14>
typealias ProbeB126 = ProbeCat<ProbeB64, ProbeB62>

/// Two payload cases of `T` and one without: an extra tag byte when `T` has no spare bits.
enum ProbeMulti<T> { case a(T), b(T), none }
/// One payload case and two without: the tag in `T`'s extra inhabitants or an extra tag byte.
enum ProbeSingle<T> { case value(T), none, other }
/// A single case: no tag at all.
enum ProbeOnly<T> { case value(T) }

/// Payloads aligned to 16 and more, beside small ones, inline and in boxes.
enum ProbeVectors {
  case f4(SIMD4<Float>), d2(SIMD2<Double>), f8(SIMD8<Float>), f16(SIMD16<Float>), flag(Bool)
  case number(Int), none
  indirect case boxed8(SIMD8<Float>), boxed4(SIMD4<Float>, Bool)
}

/// Reference-counted payloads: classes, existentials, a box.
enum ProbeRefs {
  case object(Tracked), other(Tracked), any(Any), shown(any CustomStringConvertible)
  case anyObject(AnyObject), pair(Tracked, SIMD4<Float>), maybe(Tracked?), none, error(any Error)
  indirect case boxed(Tracked, Int)
}

/// A struct too big for an existential's inline buffer.
struct ProbeBigHolder: CustomStringConvertible {
  var object: Tracked, pad: ProbeB32
  var description: String { "big \(object.id)" }
}

/// Tags in the spare bits of pointers.
enum ProbePointers { case a(Tracked), b(Tracked), c([Int]), d(String), e(Tracked?), none, other }

/// Bool and UInt8 tails after a word, and bools alone.
enum ProbeTails {
  case wordBool(Int, Bool), wordByte(Int, UInt8), flag(Bool), flags(Bool, Bool), none
}

/// Enum payloads whose own tags share bits with the outer one.
enum ProbeNested {
  case lists(Lists), maybeLists(Lists?), single(ProbeSingle<Bool>), flag(Bool?)
  case multi(ProbeMulti<Tracked>), tails(ProbeTails), none
}

/// Tags in a struct's padding (the byte before a word), weak and unowned references.
struct ProbePadded: Equatable { var byte: UInt8, word: Int }
struct ProbeWeak {
  weak var object: Tracked?
  unowned var owner: Tracked
}
enum ProbeOdd {
  case padded(ProbePadded), other(ProbePadded), weak(ProbeWeak), e0, e1, e2, e3, e4, e5, e6, e7
}

/// Learns `makePath()` from each root in turn (and once by `isCase` alone), checking `extract`,
/// `isCase` and `embed` against `reference` (an `if case let`).
private func probe<Root, Value>(
  _ makePath: () -> CasePath<Root, Value>, _ roots: [Root], _ reference: (Root) -> Value?,
  _ same: (Value, Value) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) {
  func check(_ path: CasePath<Root, Value>, _ label: String) {
    for index in roots.indices {
      var root = roots[index]
      let expected = reference(root)
      #expect(
        path.isCase(of: &root) == (expected != nil), "isCase \(index), \(label)",
        sourceLocation: sourceLocation)
      let extracted = path.extract(from: root)
      let agrees =
        (extracted == nil) == (expected == nil)
        && (extracted.map { e in expected.map { same(e, $0) } ?? false } ?? true)
      #expect(agrees, "extract \(index), \(label)", sourceLocation: sourceLocation)
      guard let expected else { continue }
      var embedded = path.embed(expected)
      let back = reference(embedded)
      #expect(
        back.map { same($0, expected) } ?? false && path.isCase(of: &embedded)
          && path.extract(from: embedded).map { same($0, expected) } ?? false,
        "embed \(index), \(label)", sourceLocation: sourceLocation)
    }
  }
  check(makePath(), "isCase first")
  for first in roots.indices {
    let path = makePath()
    _ = path.extract(from: roots[first])
    check(path, "after \(first)")
    check(path, "after \(first), again")
  }
}

/// Values compared by their descriptions.
private func described(_ a: Any, _ b: Any) -> Bool { "\(a)" == "\(b)" }

/// `probe` with the roots inside zero to three `Optional` layers.
private func layered<Root, Value>(
  _ make: @escaping @Sendable (Value) -> Root, _ roots: [Root],
  _ reference: @escaping (Root) -> Value?, _ same: @escaping (Value, Value) -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  probe({ /make }, roots, reference, same, sourceLocation: sourceLocation)
  let make1: @Sendable (Value) -> Root? = make
  let make2: @Sendable (Value) -> Root?? = make
  let make3: @Sendable (Value) -> Root??? = make
  let roots1 = roots.map(Optional.some) + [nil]
  let roots2 = roots1.map(Optional.some) + [nil]
  let roots3 = roots2.map(Optional.some) + [nil]
  probe({ /make1 }, roots1, { $0.flatMap(reference) }, same, sourceLocation: sourceLocation)
  probe(
    { /make2 }, roots2, { $0.flatMap { $0 }.flatMap(reference) }, same,
    sourceLocation: sourceLocation)
  probe(
    { /make3 }, roots3, { $0.flatMap { $0 }.flatMap { $0 }.flatMap(reference) }, same,
    sourceLocation: sourceLocation)
}

/// The three generic enums around `T`, holding `x`, `y` and `z`.
private func shapes<T: Equatable>(
  _ x: T, _ y: T, _ z: T, rootSize: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  let location = sourceLocation
  #expect(rootSize.map { $0 == MemoryLayout<ProbeMulti<T>>.size } ?? true, sourceLocation: location)
  let multi: [ProbeMulti<T>] = [.a(x), .b(y), .none, .a(z), .b(x)]
  let a: (ProbeMulti<T>) -> T? = { if case .a(let v) = $0 { v } else { nil } }
  layered(ProbeMulti<T>.a, multi, a, ==, sourceLocation: location)
  let b: (ProbeMulti<T>) -> T? = { if case .b(let v) = $0 { v } else { nil } }
  layered(ProbeMulti<T>.b, multi, b, ==, sourceLocation: location)
  let single: [ProbeSingle<T>] = [.value(x), .none, .other, .value(y)]
  let value: (ProbeSingle<T>) -> T? = { if case .value(let v) = $0 { v } else { nil } }
  layered(ProbeSingle<T>.value, single, value, ==, sourceLocation: location)
  let only: (ProbeOnly<T>) -> T? = { if case .value(let v) = $0 { v } else { nil } }
  layered(ProbeOnly<T>.value, [.value(x), .value(z)], only, ==, sourceLocation: location)
}

private func sized<T: ProbeSeeded>(
  _: T.Type, rootSize: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
  shapes(
    T(seed: 1), T(seed: 0xFE), T(seed: 0x80), rootSize: rootSize, sourceLocation: sourceLocation)
}

@Suite("Paths read in a word-by-word copy agree with if case let for many root shapes")
struct CopyProbeTests {
  @Test func rootSizes() {
    #expect(MemoryLayout<ProbeOnly<ProbeEmpty>>.size == 0)
    sized(ProbeEmpty.self, rootSize: 1)
    sized(ProbeB6.self, rootSize: 7)
    sized(ProbeB7.self, rootSize: 8)
    sized(ProbeB8.self, rootSize: 9)
    sized(ProbeB14.self, rootSize: 15)
    sized(ProbeCat<ProbeB14, UInt8>.self, rootSize: 16)
    sized(ProbeB16.self, rootSize: 17)
    sized(ProbeB62.self, rootSize: 63)
    sized(ProbeCat<ProbeB62, UInt8>.self, rootSize: 64)
    sized(ProbeB64.self, rootSize: 65)
    sized(ProbeB126.self, rootSize: 127)
    sized(ProbeCat<ProbeB126, UInt8>.self, rootSize: 128)
    sized(ProbeB128.self, rootSize: 129)
    sized(ProbeB1024.self, rootSize: 1025)
    sized(ProbeCat<ProbeB1024, ProbeCat<Int, ProbeB6>>.self, rootSize: 1039)
    sized(ProbeCat<Int, ProbeB7>.self, rootSize: 16)
    sized(ProbeCat<ProbeB7, Int>.self, rootSize: 17)
    sized(ProbeCat<ProbeCat<Int, Int>, ProbeB64>.self, rootSize: 81)
  }

  @Test func alignedPayloads() {
    let roots: [ProbeVectors] = [
      .f4([1, 2, 3, 4]), .d2([-1, 0.5]), .f8([1, 2, 3, 4, 5, 6, 7, 8]), .f16(.init(repeating: 9)),
      .flag(true), .number(-7), .boxed8(.init(repeating: -2)), .boxed4([4, 3, 2, 1], true),
      .none, .f4(.zero), .boxed4(.zero, false),
    ]
    layered(ProbeVectors.f4, roots, { if case .f4(let v) = $0 { v } else { nil } }, ==)
    layered(ProbeVectors.d2, roots, { if case .d2(let v) = $0 { v } else { nil } }, ==)
    layered(ProbeVectors.f8, roots, { if case .f8(let v) = $0 { v } else { nil } }, ==)
    layered(ProbeVectors.f16, roots, { if case .f16(let v) = $0 { v } else { nil } }, ==)
    layered(ProbeVectors.flag, roots, { if case .flag(let v) = $0 { v } else { nil } }, ==)
    layered(ProbeVectors.boxed8, roots, { if case .boxed8(let v) = $0 { v } else { nil } }, ==)
    probe(
      { /ProbeVectors.boxed4 }, roots,
      { if case .boxed4(let v, let b) = $0 { (v, b) } else { nil } },
      ==)
    shapes(SIMD4<Float>(1, 2, 3, 4), SIMD4<Float>(-1, -2, -3, -4), .zero)
    shapes(SIMD2<Double>(1, 2), SIMD2<Double>(-3, .infinity), .zero)
    shapes(SIMD8<Float>(repeating: 3), SIMD8<Float>(1, 2, 3, 4, 5, 6, 7, 8), .zero)
    shapes(SIMD16<Float>(repeating: -1), SIMD16<Float>(repeating: 2), .zero)
    shapes(SIMD64<UInt8>(repeating: 0xFF), SIMD64<UInt8>(repeating: 1), .zero)
    shapes(SIMD3<UInt8>(1, 2, 3), SIMD3<UInt8>(255, 254, 253), .zero)
  }

  @Test func referenceCounts() {
    let counter = DeinitCounter()
    weak var weakObject: Tracked?
    weak var weakBig: Tracked?
    do {
      let object = Tracked(id: 1, counter: counter)
      let big = ProbeBigHolder(object: Tracked(id: 2, counter: counter), pad: .init(seed: 3))
      (weakObject, weakBig) = (object, big.object)
      let roots: [ProbeRefs] = [
        .object(object), .other(object), .any(object), .any(big), .shown(big), .shown(5),
        .anyObject(object), .pair(object, [1, 2, 3, 4]), .maybe(object), .maybe(nil),
        .boxed(object, 9), .none, .error(SampleError(code: 1)),
      ]
      let any: @Sendable (Any) -> ProbeRefs = ProbeRefs.any
      probe({ /ProbeRefs.object }, roots, { if case .object(let v) = $0 { v } else { nil } }, ===)
      probe({ /any }, roots, { if case .any(let v) = $0 { v } else { nil } }, described)
      probe(
        { /ProbeRefs.shown }, roots, { if case .shown(let v) = $0 { v } else { nil } }, described)
      probe(
        { /ProbeRefs.anyObject }, roots, { if case .anyObject(let v) = $0 { v } else { nil } }, ===)
      probe(
        { /ProbeRefs.pair }, roots, { if case .pair(let o, let v) = $0 { (o, v) } else { nil } },
        { $0.0 === $1.0 && $0.1 == $1.1 })
      probe(
        { /ProbeRefs.boxed }, roots, { if case .boxed(let o, let n) = $0 { (o, n) } else { nil } },
        { $0.0 === $1.0 && $0.1 == $1.1 })
      probe(
        { /ProbeRefs.error }, roots, { if case .error(let v) = $0 { v } else { nil } }, described)
      probe({ /ProbeRefs.maybe }, roots, { if case .maybe(let v) = $0 { v } else { nil } }, ===)
      let (objects, anys, shown) = (/ProbeRefs.object, /any, /ProbeRefs.shown)
      let (pair, boxed, maybe) = (/ProbeRefs.pair, /ProbeRefs.boxed, /ProbeRefs.maybe)
      for _ in 0..<2_000 {
        for root in roots {
          _ = (objects.extract(from: root), anys.extract(from: root), shown.extract(from: root))
          _ = (pair.extract(from: root), boxed.extract(from: root), maybe.extract(from: root))
        }
      }
      #expect(counter.count == 0)
    }
    #expect(weakObject == nil && weakBig == nil && counter.count == 2)
  }

  /// Runs `body` with an object, then checks that the paths let it go.
  private func withTracked(
    _ id: Int, sourceLocation: SourceLocation = #_sourceLocation, _ body: (Tracked) -> Void
  ) {
    let counter = DeinitCounter()
    weak var weakObject: Tracked?
    do {
      let object = Tracked(id: id, counter: counter)
      weakObject = object
      body(object)
    }
    #expect(weakObject == nil && counter.count == 1, sourceLocation: sourceLocation)
  }

  @Test func pointerSpareBitsAndTails() {
    withTracked(3) { object in
      let pointers: [ProbePointers] = [
        .a(object), .b(object), .c([1, 2]), .d("d"), .e(object), .e(nil), .none, .other,
      ]
      layered(ProbePointers.a, pointers, { if case .a(let v) = $0 { v } else { nil } }, ===)
      layered(ProbePointers.b, pointers, { if case .b(let v) = $0 { v } else { nil } }, ===)
      layered(ProbePointers.c, pointers, { if case .c(let v) = $0 { v } else { nil } }, ==)
      layered(ProbePointers.d, pointers, { if case .d(let v) = $0 { v } else { nil } }, ==)
      layered(ProbePointers.e, pointers, { if case .e(let v) = $0 { v } else { nil } }, ===)
      let generic: [ProbeMulti<Tracked>] = [.a(object), .b(object), .none]
      layered(ProbeMulti<Tracked>.b, generic, { if case .b(let v) = $0 { v } else { nil } }, ===)
      let single: [ProbeSingle<Tracked>] = [.value(object), .none, .other]
      layered(
        ProbeSingle<Tracked>.value, single, { if case .value(let v) = $0 { v } else { nil } }, ===)
    }
    let tails: [ProbeTails] = [
      .wordBool(-1, true), .wordBool(0, false), .wordByte(7, 0xFF), .wordByte(-9, 0), .flag(true),
      .flag(false), .flags(true, false), .none,
    ]
    let wordBool: (ProbeTails) -> (Int, Bool)? = {
      if case .wordBool(let a, let b) = $0 { (a, b) } else { nil }
    }
    probe({ /ProbeTails.wordBool }, tails, wordBool, ==)
    let wordByte: (ProbeTails) -> (Int, UInt8)? = {
      if case .wordByte(let a, let b) = $0 { (a, b) } else { nil }
    }
    probe({ /ProbeTails.wordByte }, tails, wordByte, ==)
    layered(ProbeTails.flag, tails, { if case .flag(let v) = $0 { v } else { nil } }, ==)
    let bools: [ProbeSingle<Bool>] = [.value(true), .value(false), .none, .other]
    layered(ProbeSingle<Bool>.value, bools, { if case .value(let v) = $0 { v } else { nil } }, ==)
    let wordBools: [ProbeSingle<ProbeCat<Int, ProbeTwo<UInt8>>>] = [
      .value(.init(seed: 4)), .none, .other,
    ]
    layered(
      ProbeSingle<ProbeCat<Int, ProbeTwo<UInt8>>>.value, wordBools,
      { if case .value(let v) = $0 { v } else { nil } }, ==)
  }

  @Test func genericNestedAndSingleCase() {
    let results: [Result<Int, SampleError>] = [.success(3), .failure(.init(code: 4))]
    layered(Result<Int, SampleError>.success, results, { try? $0.get() }, ==)
    let failure: (Result<Int, SampleError>) -> SampleError? = {
      if case .failure(let v) = $0 { v } else { nil }
    }
    layered(Result<Int, SampleError>.failure, results, failure, ==)
    let strings: [ProbeMulti<String>] = [.a("a"), .b(String(repeating: "long", count: 9)), .none]
    layered(ProbeMulti<String>.b, strings, { if case .b(let v) = $0 { v } else { nil } }, ==)
    let counter = DeinitCounter()
    let object = Tracked(id: 5, counter: counter)
    let nested: [ProbeNested] = [
      .lists(.idle), .lists(.names(["n"])), .maybeLists(nil), .maybeLists(.idle),
      .maybeLists(.numbers([1])), .single(.value(true)), .single(.none), .single(.other),
      .flag(nil), .flag(false), .multi(.a(object)), .multi(.none), .tails(.flag(true)),
      .tails(.wordBool(1, false)), .none,
    ]
    layered(ProbeNested.lists, nested, { if case .lists(let v) = $0 { v } else { nil } }, ==)
    layered(
      ProbeNested.maybeLists, nested, { if case .maybeLists(let v) = $0 { v } else { nil } }, ==)
    layered(
      ProbeNested.single, nested, { if case .single(let v) = $0 { v } else { nil } }, described)
    layered(ProbeNested.flag, nested, { if case .flag(let v) = $0 { v } else { nil } }, ==)
    layered(ProbeNested.multi, nested, { if case .multi(let v) = $0 { v } else { nil } }, described)
    layered(ProbeNested.tails, nested, { if case .tails(let v) = $0 { v } else { nil } }, described)
    let onlyObjects: [ProbeOnly<Tracked>] = [.value(object)]
    layered(
      ProbeOnly<Tracked>.value, onlyObjects, { if case .value(let v) = $0 { v } else { nil } }, ===)
    let onlyEmpty: [ProbeOnly<ProbeEmpty>] = [.value(.init(seed: 0))]
    layered(
      ProbeOnly<ProbeEmpty>.value, onlyEmpty, { if case .value(let v) = $0 { v } else { nil } }, ==)
    let onlyVoid: [ProbeOnly<Void>] = [.value(())]
    layered(ProbeOnly<Void>.value, onlyVoid, { _ in () }, { _, _ in true })
    #expect(MemoryLayout<ProbeOnly<Void>>.size == 0)
  }

  @Test func paddingWeakOptionalLayersAndCasts() {
    withTracked(6) { object in
      let odd: [ProbeOdd] = [
        .padded(.init(byte: 1, word: -1)), .other(.init(byte: 255, word: 0)),
        .weak(.init(object: object, owner: object)), .weak(.init(object: nil, owner: object)),
        .e0, .e7, .padded(.init(byte: 0, word: .max)),
      ]
      layered(ProbeOdd.padded, odd, { if case .padded(let v) = $0 { v } else { nil } }, ==)
      layered(ProbeOdd.other, odd, { if case .other(let v) = $0 { v } else { nil } }, ==)
      layered(
        ProbeOdd.weak, odd, { if case .weak(let v) = $0 { v } else { nil } },
        { $0.object === $1.object && $0.owner === $1.owner })
      layered(Optional<Tracked>.some, [object, nil], { $0 }, ===)
      let vectors: [ProbeVectors?] = [
        .f8(.init(repeating: 5)), ProbeVectors.none, nil, .flag(true),
      ]
      layered(Optional<ProbeVectors>.some, vectors, { $0 }, described)
      layered(Optional<SIMD8<Float>>.some, [.init(repeating: 2), nil], { $0 }, ==)
      layered(Optional<Int?>.some, [.some(nil), .some(3), nil], { $0 }, ==)
      let anyInt: @Sendable (Int) -> ProbeRefs = ProbeRefs.any
      let anyVector: @Sendable (SIMD4<Float>) -> ProbeRefs = ProbeRefs.any
      let casts: [ProbeRefs] = [
        .any(3), .any("s"), .any(object), .shown(4), .none, .any(Int?.none as Any),
        .any(SIMD4<Float>(1, 2, 3, 4)), .object(object),
      ]
      layered(anyInt, casts, { if case .any(let v) = $0 { v as? Int } else { nil } }, ==)
      layered(
        anyVector, casts, { if case .any(let v) = $0 { v as? SIMD4<Float> } else { nil } }, ==)
    }
    sized(ProbeTwo<ProbeTwo<ProbeTwo<ProbeTwo<ProbeB1024>>>>.self, rootSize: 16385)
  }

  @Test func concurrentLearning() async {
    let roots: [ProbeVectors?] = [.f8(.init(repeating: 1)), .number(3), nil, .f4(.one)]
    for _ in 0..<20 {
      let path: CasePath<ProbeVectors?, SIMD8<Float>> = /ProbeVectors.f8
      let results = await withTaskGroup(of: Bool.self) { group in
        for task in 0..<8 {
          group.addTask {
            (0..<50).allSatisfy { index in
              let root = roots[(index + task) % roots.count]
              let expected: SIMD8<Float>? = if case .f8(let v)? = root { v } else { nil }
              return path.extract(from: root) == expected
            }
          }
        }
        return await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(results.allSatisfy { $0 })
    }
  }
}
