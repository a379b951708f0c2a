import Testing

@testable import CasePaths

// MARK: - Tests

@Suite("Case paths for every payload type")
struct PayloadShapeTests {
  @Test("A function without arguments extracts callable, embeds, matches and round-trips")
  func functionWithoutArguments() async {
    await check(
      shape(
        /Callback.run, /Callback.run, [.run { "a" }, .run { "b" }],
        truth: { if case .run(let f) = $0 { f } else { nil } }, same: { $0() == $1() }))
  }

  @Test("Functions with arguments, labels, throws and async extract callable and round-trip")
  func functionsWithArguments() async {
    await check(
      shape(
        /Callback.transform, /Callback.transform, [.transform { $0 + 1 }, .transform { $0 * 10 }],
        truth: { if case .transform(let f) = $0 { f } else { nil } }, same: { $0(7) == $1(7) }))
    await check(
      shape(
        /Callback.combine, /Callback.combine, [.combine { $0 + $1 }, .combine { $0 * $1 }],
        truth: { if case .combine(let f) = $0 { f } else { nil } }, same: { $0(3, 4) == $1(3, 4) }))
    await check(
      shape(
        /Callback.load, /Callback.load, [.load { 1 }, .load { 2 }],
        truth: { if case .load(let f) = $0 { f } else { nil } }, same: { await $0() == $1() }))
    await check(
      shape(
        /Callback.parse, /Callback.parse,
        [.parse { Int($0) ?? 0 }, .parse { _ in throw SampleError(code: 9) }],
        truth: { if case .parse(let f) = $0 { f } else { nil } },
        same: { (try? $0("12")) == (try? $1("12")) }))
    await check(
      shape(
        /Callback.fetch, /Callback.fetch,
        [.fetch { "\($0)" }, .fetch { _ in throw SampleError(code: 3) }],
        truth: { if case .fetch(let f) = $0 { f } else { nil } },
        same: { (try? await $0(5)) == (try? await $1(5)) }))
  }

  @Test("Tuples extract whole, also one holding a function, which extracts callable")
  func tuples() async {
    await check(
      shape(
        /Callback.plainPair, /Callback.plainPair, [.plainPair(1, "a"), .plainPair(2, "b")],
        truth: { if case .plainPair(let a, let b) = $0 { (a, b) } else { nil } },
        same: { $0 == $1 }))
    await check(
      shape(
        /Callback.pair, /Callback.pair, [.pair(1, { $0 + 1 }), .pair(2, { $0 * 3 })],
        truth: { if case .pair(let a, let f) = $0 { (a, f) } else { nil } },
        same: { $0.0 == $1.0 && $0.1(5) == $1.1(5) }))
  }

  @Test("Metatypes and existential metatypes extract as the types they hold")
  func metatypes() async {
    await check(
      shape(
        /Callback.intType, /Callback.intType, [.intType(Int.self), .intType(Int.self)],
        truth: { if case .intType(let t) = $0 { t } else { nil } }, same: { $0 == $1 }))
    await check(
      shape(
        /Callback.anyType, /Callback.anyType, [.anyType(Int.self), .anyType(String.self)],
        truth: { if case .anyType(let t) = $0 { t } else { nil } }, same: sameType))
    await check(
      shape(
        /Callback.objectType, /Callback.objectType,
        [.objectType(Parcel.self), .objectType(Dog.self)],
        truth: { if case .objectType(let t) = $0 { t } else { nil } }, same: sameType))
    await check(
      shape(
        /Callback.animalType, /Callback.animalType,
        [.animalType(Animal.self), .animalType(Dog.self)],
        truth: { if case .animalType(let t) = $0 { t } else { nil } }, same: sameType))
    await check(
      shape(
        /Callback.typePair, /Callback.typePair,
        [.typePair(Int.self, "a"), .typePair(Int.self, "b")],
        truth: { if case .typePair(let t, let s) = $0 { (t, s) } else { nil } },
        same: { $0.0 == $1.0 && $0.1 == $1.1 }))
  }

  @Test("An optional single-value metatype extracts with its layer")
  func optionalMetatype() async {
    await check(
      shape(
        /Callback.optionalType, /Callback.optionalType,
        [.optionalType(Int.self), .optionalType(nil)],
        truth: { if case .optionalType(let t) = $0 { t } else { nil } }, same: { $0 == $1 }))
  }

  @Test("A C function pointer is stored alike at every abstraction and extracts callable")
  func cFunction() {
    let (extracted, others, embedded) = cFunctionResults()
    #expect(extracted == [42, 42, 42])
    #expect(others == 0)
    #expect(embedded == 42)
  }

  @Test("Classes, existentials and errors extract as the values they hold")
  func referencesAndExistentials() async {
    let parcels = [Parcel(weight: 1), Parcel(weight: 2)]
    await check(
      shape(
        /Callback.parcel, /Callback.parcel, parcels.map(Callback.parcel),
        truth: { if case .parcel(let p) = $0 { p } else { nil } }, same: { $0 === $1 }))
    await check(
      shape(
        /Callback.greeting, /Callback.greeting,
        [.greeting(English(name: "a")), .greeting(English(name: "b"))],
        truth: { if case .greeting(let g) = $0 { g } else { nil } },
        same: { $0.greet() == $1.greet() }))
    await check(
      shape(
        /Callback.failure, /Callback.failure,
        [.failure(SampleError(code: 2)), .failure(SampleError(code: 4))],
        truth: { if case .failure(let e) = $0 { e } else { nil } },
        same: { ($0 as? SampleError) == ($1 as? SampleError) }))
  }

  @Test("Nested optionals extract with every layer; an optional function extracts callable")
  func optionals() async {
    await check(
      shape(
        /Callback.nested, /Callback.nested, [.nested(.some(nil)), .nested(1), .nested(nil)],
        truth: { if case .nested(let n) = $0 { n } else { nil } }, same: { $0 == $1 }))
    await check(
      shape(
        /Callback.optionalFunction, /Callback.optionalFunction, [.optionalFunction(nil)],
        truth: { if case .optionalFunction(let f) = $0 { f } else { nil } },
        same: { $0?() == $1?() }))
    await check(
      shape(
        /Callback.optionalFunction, /Callback.optionalFunction,
        [.optionalFunction { 1 }, .optionalFunction { 2 }],
        truth: { if case .optionalFunction(let f) = $0 { f } else { nil } },
        same: { $0?() == $1?() }))
  }

  @Test("A single-payload enum holding a function matches and extracts it callable")
  func singlePayloadFunction() async {
    await check(
      PayloadShape(
        path: /Once.run, optionalPath: /Once.run, roots: [.run { 1 }, .run { 2 }],
        others: [.none], truth: { if case .run(let f) = $0 { f } else { nil } },
        same: { $0() == $1() }))
  }

  @Test("Two cases with one function type are told apart by their constructors")
  func equalFunctionTypes() async {
    await check(
      PayloadShape(
        path: /Twins.second, optionalPath: /Twins.second, roots: [.second { 1 }, .second { 2 }],
        others: [.first { 1 }, .none], truth: { if case .second(let f) = $0 { f } else { nil } },
        same: { $0() == $1() }))
    await check(
      PayloadShape(
        path: /Twins.first, optionalPath: /Twins.first, roots: [.first { 3 }],
        others: [.second { 3 }, .none], truth: { if case .first(let f) = $0 { f } else { nil } },
        same: { $0() == $1() }))
  }

  @Test("A generic enum instantiated with a function type and with a metatype")
  func genericEnum() async {
    typealias Transform = (Int) -> Int
    let value: CasePath<GenericSlot<Transform>, Transform> = /GenericSlot.value
    let optionalValue: CasePath<GenericSlot<Transform>?, Transform> = /GenericSlot.value
    await check(
      PayloadShape<GenericSlot<Transform>, Transform>(
        path: value, optionalPath: optionalValue, roots: [.value { $0 + 1 }, .value { $0 * 2 }],
        others: [.count(1), .empty, .labelled(value: { $0 })],
        truth: { if case .value(let f) = $0 { f } else { nil } }, same: { $0(4) == $1(4) }))
    typealias Make = () -> String
    let labelled: CasePath<GenericSlot<Make>, Make> = /GenericSlot.labelled
    let optionalLabelled: CasePath<GenericSlot<Make>?, Make> = /GenericSlot.labelled
    await check(
      PayloadShape<GenericSlot<Make>, Make>(
        path: labelled, optionalPath: optionalLabelled,
        roots: [.labelled { "x" }, .labelled { "y" }],
        others: [.count(1), .empty, .value { "z" }],
        truth: { if case .labelled(let f) = $0 { f } else { nil } }, same: { $0() == $1() }))
    let type: CasePath<GenericSlot<Int.Type>, Int.Type> = /GenericSlot.value
    let optionalType: CasePath<GenericSlot<Int.Type>?, Int.Type> = /GenericSlot.value
    await check(
      PayloadShape<GenericSlot<Int.Type>, Int.Type>(
        path: type, optionalPath: optionalType, roots: [.value(Int.self), .value(Int.self)],
        others: [.count(1), .empty],
        truth: { if case .value(let t) = $0 { t } else { nil } }, same: { $0 == $1 }))
  }

  @Test("Indirect cases holding a function, a recursive value and a metatype")
  func indirectCases() async {
    let call: CasePath<Thunk, () -> Int> = /Thunk.call
    let optionalCall: CasePath<Thunk?, () -> Int> = /Thunk.call
    await check(
      PayloadShape<Thunk, () -> Int>(
        path: call, optionalPath: optionalCall, roots: [.call { 1 }, .call { 2 }],
        others: [.done, .chain(.done, 1), .type(String.self)],
        truth: { if case .call(let f) = $0 { f } else { nil } }, same: { $0() == $1() }))
    let chain: CasePath<Thunk, (Thunk, Int)> = /Thunk.chain
    let optionalChain: CasePath<Thunk?, (Thunk, Int)> = /Thunk.chain
    await check(
      PayloadShape<Thunk, (Thunk, Int)>(
        path: chain, optionalPath: optionalChain,
        roots: [.chain(.call { 5 }, 1), .chain(.done, 2)],
        others: [.done, .call { 1 }],
        truth: { if case .chain(let t, let n) = $0 { (t, n) } else { nil } },
        same: { $0.1 == $1.1 }))
    let type: CasePath<Thunk, String.Type> = /Thunk.type
    let optionalType: CasePath<Thunk?, String.Type> = /Thunk.type
    await check(
      PayloadShape<Thunk, String.Type>(
        path: type, optionalPath: optionalType, roots: [.type(String.self), .type(String.self)],
        others: [.done, .call { 1 }],
        truth: { if case .type(let t) = $0 { t } else { nil } }, same: { $0 == $1 }))
  }

  @Test("Extracting a function stored at the enum's own abstraction gives it callable")
  func functionsAtTheEnumsAbstractionAreCallable() async throws {
    #expect((/Callback.run).extract(from: .run { "a" })?() == "a")
    let transform: CasePath<Callback?, (Int) -> Int> = /Callback.transform
    #expect(transform.extract(from: .transform { $0 * 2 })?(21) == 42)
    let pair = try #require((/Callback.pair).extract(from: .pair(1, { $0 + 1 })))
    #expect(pair.0 == 1 && pair.1(1) == 2)
    #expect((/Callback.optionalFunction).extract(from: .optionalFunction { 1 })??() == 1)
    #expect((/Once.run).extract(from: .run { 1 })?() == 1)
    #expect((/Thunk.call).extract(from: .call { 1 })?() == 1)
    let fetch = try #require((/Callback.fetch).extract(from: .fetch { "n\($0)" }))
    #expect(try await fetch(7) == "n7")
    let reflected: CasePath<Any, () -> Int> = /{ (f: @escaping () -> Int) -> Any in Once.run(f) }
    #expect(reflected.extract(from: Once.run { 5 })?() == 5)
  }

  @Test("A root that is not an enum: metatypes read right, other cases and functions never misread")
  func reflectiveRoot() {
    let type: CasePath<Any, Int.Type> = /{ (type: Int.Type) -> Any in Callback.intType(type) }
    #expect(type.extract(from: Callback.intType(Int.self)) == Int.self)
    #expect(type.extract(from: Callback.idle) == nil)
    #expect(type.extract(from: Optional(Callback.intType(Int.self)) as Any) == nil)
    let pair: CasePath<Any, (Int.Type, String)> = /{ (pair: (Int.Type, String)) -> Any in
      Callback.typePair(pair.0, pair.1)
    }
    let extracted = pair.extract(from: Callback.typePair(Int.self, "text"))
    #expect(extracted?.0 == Int.self)
    #expect(extracted?.1 == "text")
    #expect(pair.extract(from: Callback.plainPair(1, "text")) == nil)
    let run: CasePath<Any, () -> Int> = /{ (f: @escaping () -> Int) -> Any in Once.run(f) }
    #expect(run.extract(from: Once.none) == nil)
    #expect(run.extract(from: Callback.idle) == nil)
  }
}
