import Testing

@testable import CasePaths

// MARK: - Shapes

protocol Greeting: Sendable {
  func greet() -> String
}

struct English: Greeting {
  let name: String
  func greet() -> String { "hello \(name)" }
}

final class Parcel: Sendable {
  let weight: Int
  init(weight: Int) { self.weight = weight }
}

class Animal {}
final class Dog: Animal {}

/// One case per payload shape, among payloadless cases, in a multi-payload enum.
enum Callback {
  case idle
  case run(@Sendable () -> String)
  case transform((Int) -> Int)
  case combine(apply: (Int, Int) -> Int)
  case load(() async -> Int)
  case parse((String) throws -> Int)
  case fetch(@Sendable (Int) async throws -> String)
  case pair(Int, (Int) -> Int)
  case plainPair(Int, String)
  case intType(Int.Type)
  case anyType(any Any.Type)
  case objectType(AnyObject.Type)
  case animalType(Animal.Type)
  case parcel(Parcel)
  case greeting(any Greeting)
  case failure(any Error)
  case nested(Int??)
  case optionalFunction((() -> Int)?)
  case typePair(Int.Type, String)
  case optionalType(Int.Type?)
  case stop
}

/// A C function pointer among other payloads.
// NOTE: its own enum: with it among `Callback`'s cases, Swift 6.3.1 crashes compiling, or
// miscompiles, code that constructs `Callback` values.
enum Native {
  case call(@convention(c) (Int32) -> Int32)
  case count(Int)
  case none
}

/// A single-payload enum: its other cases are stored as invalid function values.
enum Once {
  case run(() -> Int)
  case none
}

/// Two cases with the same function type: only the constructor tells them apart.
enum Twins {
  case first(() -> Int)
  case second(() -> Int)
  case none
}

/// A generic enum: its payload is stored as generic code stores a `T`.
enum GenericSlot<T> {
  case value(T)
  case labelled(value: T)
  case count(Int)
  case empty
}

indirect enum Thunk {
  case call(() -> Int)
  case chain(Thunk, Int)
  case type(String.Type)
  case done
}

// MARK: - Checks

/// A payload shape under test: its case path, roots of that case built by the enum's own
/// constructor, roots of other cases, a ground truth written with `if case`, and how to tell
/// two payloads apart (functions are called).
struct PayloadShape<Root, Value> {
  let path: CasePath<Root, Value>
  let optionalPath: CasePath<Root?, Value>
  /// At least one root of the case; payloads that `same` tells apart, where there are several.
  let roots: [Root]
  let others: [Root]
  let truth: (Root) -> Value?
  let same: (Value, Value) async -> Bool
  /// Whether `path` can extract the payload; when not (a function stored at the enum's own
  /// abstraction), extracting it traps, and everything else must still hold.
  var readable = true
}

/// Checks extract, embed, round trips, in-place modification, `isCase` and the optional root
/// form against the ground truth, several times over so that learned paths are exercised too.
func check<Root, Value>(
  _ shape: PayloadShape<Root, Value>, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let path = shape.path
  for round in 0..<3 {
    for other in shape.others {
      #expect(path.extract(from: other) == nil, "round \(round)", sourceLocation: sourceLocation)
      var root = other
      #expect(!path.isCase(of: &root), sourceLocation: sourceLocation)
      if case .modified = path.modifyInPlace(&root, { _ in () }) {
        Issue.record("modified another case", sourceLocation: sourceLocation)
      }
      #expect(shape.optionalPath.extract(from: other) == nil, sourceLocation: sourceLocation)
      var optionalRoot: Root? = other
      #expect(!shape.optionalPath.isCase(of: &optionalRoot), sourceLocation: sourceLocation)
    }
    #expect(shape.optionalPath.extract(from: nil) == nil, sourceLocation: sourceLocation)
    for (index, root) in shape.roots.enumerated() {
      let expected = shape.truth(root)!
      // Embedding builds the case, with the payload given.
      let embedded = path.embed(expected)
      if let embeddedTruth = shape.truth(embedded) {
        #expect(await shape.same(embeddedTruth, expected), sourceLocation: sourceLocation)
      } else {
        Issue.record("embed built another case", sourceLocation: sourceLocation)
      }
      if let embeddedTruth = shape.optionalPath.embed(expected).flatMap(shape.truth) {
        #expect(await shape.same(embeddedTruth, expected), sourceLocation: sourceLocation)
      } else {
        Issue.record("the optional root form embedded another case", sourceLocation: sourceLocation)
      }
      var matching = root
      #expect(path.isCase(of: &matching), sourceLocation: sourceLocation)
      var optionalMatching: Root? = root
      #expect(shape.optionalPath.isCase(of: &optionalMatching), sourceLocation: sourceLocation)
      // In place: write the next root's payload into this one.
      let replacement = shape.truth(shape.roots[(index + 1) % shape.roots.count])!
      switch path.modifyInPlace(&matching, { $0 = replacement }) {
      case .modified:
        #expect(shape.readable, "changed in place", sourceLocation: sourceLocation)
        if let modified = shape.truth(matching) {
          #expect(await shape.same(modified, replacement), sourceLocation: sourceLocation)
        } else {
          Issue.record("changed into another case", sourceLocation: sourceLocation)
        }
      case .otherCase:
        Issue.record("a matching root taken for another", sourceLocation: sourceLocation)
      case .unknown: break
      }
      guard shape.readable else { continue }
      guard let extracted = path.extract(from: root) else {
        Issue.record(
          "round \(round): no payload from root \(index)", sourceLocation: sourceLocation)
        continue
      }
      #expect(await shape.same(extracted, expected), sourceLocation: sourceLocation)
      if let roundTrip = path.extract(from: path.embed(extracted)) {
        #expect(await shape.same(roundTrip, expected), sourceLocation: sourceLocation)
      } else {
        Issue.record("no payload from an embedded root", sourceLocation: sourceLocation)
      }
      if let optional = shape.optionalPath.extract(from: root) {
        #expect(await shape.same(optional, expected), sourceLocation: sourceLocation)
      } else {
        Issue.record("no payload through the optional root", sourceLocation: sourceLocation)
      }
    }
  }
}

private func callbackOthers() -> [Callback] {
  [
    .idle, .stop, .transform { $0 }, .plainPair(1, "one"), .intType(Int.self),
    .parcel(Parcel(weight: 1)),
    .failure(SampleError(code: 1)), .nested(nil), .optionalFunction(nil),
  ]
}

private func shape<Value>(
  _ path: CasePath<Callback, Value>, _ optionalPath: CasePath<Callback?, Value>,
  _ roots: [Callback], truth: @escaping (Callback) -> Value?,
  same: @escaping (Value, Value) async -> Bool, readable: Bool = true
) -> PayloadShape<Callback, Value> {
  PayloadShape(
    path: path, optionalPath: optionalPath, roots: roots,
    others: callbackOthers().filter { truth($0) == nil }, truth: truth, same: same,
    readable: readable)
}

private func sameType(_ lhs: Any.Type, _ rhs: Any.Type) -> Bool {
  ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
}

/// Extracts from `/Native.call` thrice, counts the other cases it extracts from, and calls
/// what it embeds.
private func cFunctionResults() -> (extracted: [Int32], others: Int, embedded: Int32?) {
  let path: CasePath<Native, @convention(c) (Int32) -> Int32> = /Native.call
  var extracted: [Int32] = []
  for _ in 0..<3 {
    if let function = path.extract(from: .call { $0 + 1 }) { extracted.append(function(41)) }
  }
  let others = [Native.none, .count(1)].filter { path.extract(from: $0) != nil }.count
  var embedded: Int32?
  if case .call(let function) = path.embed({ $0 * 2 }) { embedded = function(21) }
  return (extracted, others, embedded)
}

// MARK: - Tests

@Suite("Case paths for every payload type")
struct PayloadShapeTests {
  @Test("A function without arguments: every case tells, embeds and matches, without a call")
  func functionWithoutArguments() async {
    await check(
      shape(
        /Callback.run, /Callback.run, [.run { "a" }, .run { "b" }],
        truth: { if case .run(let f) = $0 { f } else { nil } }, same: { $0() == $1() },
        readable: false))
  }

  @Test("Functions with arguments, labels, throws and async: embedded, matched, never misread")
  func functionsWithArguments() async {
    await check(
      shape(
        /Callback.transform, /Callback.transform, [.transform { $0 + 1 }, .transform { $0 * 10 }],
        truth: { if case .transform(let f) = $0 { f } else { nil } }, same: { $0(7) == $1(7) },
        readable: false))
    await check(
      shape(
        /Callback.combine, /Callback.combine, [.combine { $0 + $1 }, .combine { $0 * $1 }],
        truth: { if case .combine(let f) = $0 { f } else { nil } }, same: { $0(3, 4) == $1(3, 4) },
        readable: false))
    await check(
      shape(
        /Callback.load, /Callback.load, [.load { 1 }, .load { 2 }],
        truth: { if case .load(let f) = $0 { f } else { nil } }, same: { await $0() == $1() },
        readable: false))
    await check(
      shape(
        /Callback.parse, /Callback.parse,
        [.parse { Int($0) ?? 0 }, .parse { _ in throw SampleError(code: 9) }],
        truth: { if case .parse(let f) = $0 { f } else { nil } },
        same: { (try? $0("12")) == (try? $1("12")) }, readable: false))
    await check(
      shape(
        /Callback.fetch, /Callback.fetch,
        [.fetch { "\($0)" }, .fetch { _ in throw SampleError(code: 3) }],
        truth: { if case .fetch(let f) = $0 { f } else { nil } },
        same: { (try? await $0(5)) == (try? await $1(5)) }, readable: false))
  }

  @Test("Tuples extract whole; one holding a function is embedded and matched")
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
        same: { $0.0 == $1.0 && $0.1(5) == $1.1(5) }, readable: false))
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

  @Test("Nested optionals extract with every layer; an optional function only when nil")
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
        same: { $0?() == $1?() }, readable: false))
  }

  @Test("A single-payload enum holding a function matches without a bit test")
  func singlePayloadFunction() async {
    await check(
      PayloadShape(
        path: /Once.run, optionalPath: /Once.run, roots: [.run { 1 }, .run { 2 }],
        others: [.none], truth: { if case .run(let f) = $0 { f } else { nil } },
        same: { $0() == $1() }, readable: false))
  }

  @Test("Two cases with one function type are told apart by their constructors")
  func equalFunctionTypes() async {
    await check(
      PayloadShape(
        path: /Twins.second, optionalPath: /Twins.second, roots: [.second { 1 }, .second { 2 }],
        others: [.first { 1 }, .none], truth: { if case .second(let f) = $0 { f } else { nil } },
        same: { $0() == $1() }, readable: false))
    await check(
      PayloadShape(
        path: /Twins.first, optionalPath: /Twins.first, roots: [.first { 3 }],
        others: [.second { 3 }, .none], truth: { if case .first(let f) = $0 { f } else { nil } },
        same: { $0() == $1() }, readable: false))
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
        truth: { if case .call(let f) = $0 { f } else { nil } }, same: { $0() == $1() },
        readable: false))
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

  @Test("Extracting a function stored at the enum's own abstraction stops with a message")
  func unreadableFunctionsTrap() async {
    await #expect(processExitsWith: .failure) {
      _ = (/Callback.run).extract(from: .run { "a" })
    }
    await #expect(processExitsWith: .failure) {
      let path: CasePath<Callback?, (Int) -> Int> = /Callback.transform
      _ = path.extract(from: .transform { $0 })
    }
    await #expect(processExitsWith: .failure) {
      _ = (/Callback.pair).extract(from: .pair(1, { $0 }))
    }
    await #expect(processExitsWith: .failure) {
      _ = (/Callback.optionalFunction).extract(from: .optionalFunction { 1 })
    }
    await #expect(processExitsWith: .failure) {
      _ = (/Once.run).extract(from: .run { 1 })
    }
    await #expect(processExitsWith: .failure) {
      _ = (/Thunk.call).extract(from: .call { 1 })
    }
    await #expect(processExitsWith: .failure) {
      let path: CasePath<Any, () -> Int> = /{ (f: @escaping () -> Int) -> Any in Once.run(f) }
      _ = path.extract(from: Once.run { 1 })
    }
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
