import Testing

@testable import CasePaths

// MARK: - Tests

@Suite("Case paths for every payload type")
struct PayloadShapeTests {
  @Test("Functions that need converting are refused when the path is made, naming the case")
  func functionsRefused() throws {
    let messages: [(String?, String)] = [
      (refusal { Callback.transform($0) }, ".transform"),
      (refusal { Callback.combine(apply: $0) }, ".combine"),
      (refusal { Callback.load($0) }, ".load"),
      (refusal { Callback.parse($0) }, ".parse"),
      (refusal { Callback.fetch($0) }, ".fetch"),
      (refusal { Callback.run($0) }, ".run"),
      (refusal { Callback.optionalFunction($0) }, ".optionalFunction"),
      (refusal { (pair: (Int, (Int) -> Int)) in Callback.pair(pair.0, pair.1) }, ".pair"),
      (refusal { Native.call($0) }, ".call"),
      (refusal { Once.run($0) }, ".run"),
      (refusal { Thunk.call($0) }, ".call"),
      (refusal { GenericSlot<(Int) -> Int>.value($0) }, ".value"),
      (refusal { GenericSlot<() -> String>.labelled(value: $0) }, ".labelled"),
    ]
    for (message, name) in messages {
      let message = try #require(message)
      #expect(message.contains(name) && message.contains("a function"))
      #expect(message.contains("if case let ."))
    }
    #expect(try #require(refusal { Twins.first($0) }).contains("/Twins.first or .second"))
  }

  @Test("Metatypes of non-class types in tuples or optionals are refused")
  func metatypesInTuplesRefused() throws {
    let pair = try #require(
      refusal { (pair: (Int.Type, String)) in Callback.typePair(pair.0, pair.1) })
    #expect(pair.contains("/Callback.typePair") && pair.contains("a metatype"))
    let optional = try #require(refusal { Callback.optionalType($0) })
    #expect(optional.contains("/Callback.optionalType") && optional.contains("a metatype"))
  }

  @Test("A plain tuple extracts whole")
  func tuples() async {
    await check(
      shape(
        /Callback.plainPair, /Callback.plainPair, [.plainPair(1, "a"), .plainPair(2, "b")],
        truth: { if case .plainPair(let a, let b) = $0 { (a, b) } else { nil } },
        same: { $0 == $1 }))
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

  @Test("Nested optionals extract with every layer")
  func optionals() async {
    await check(
      shape(
        /Callback.nested, /Callback.nested, [.nested(.some(nil)), .nested(1), .nested(nil)],
        truth: { if case .nested(let n) = $0 { n } else { nil } }, same: { $0 == $1 }))
  }

  @Test("A generic enum instantiated with a metatype")
  func genericEnum() async {
    let type: CasePath<GenericSlot<Int.Type>, Int.Type> = /GenericSlot.value
    let optionalType: CasePath<GenericSlot<Int.Type>?, Int.Type> = /GenericSlot.value
    await check(
      PayloadShape<GenericSlot<Int.Type>, Int.Type>(
        path: type, optionalPath: optionalType, roots: [.value(Int.self), .value(Int.self)],
        others: [.count(1), .empty],
        truth: { if case .value(let t) = $0 { t } else { nil } }, same: { $0 == $1 }))
  }

  @Test("Indirect cases holding a recursive value and a metatype")
  func indirectCases() async {
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

  @Test("A root that is not an enum is refused, naming the root")
  func reflectiveRoot() throws {
    let message = try #require(refusal { (type: Int.Type) -> Any in Callback.intType(type) })
    #expect(message.contains("Any is not an enum"))
  }
}
