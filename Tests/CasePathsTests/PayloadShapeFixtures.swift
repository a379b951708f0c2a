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
  /// Whether `path` can extract the payload; when not (a function whose signature `/` cannot
  /// convert), extracting it gives `nil`, and everything else must still hold.
  var readable = true
}

/// Checks extract, embed, round trips, `isCase` and the optional root form against the ground
/// truth, several times over so that learned paths are exercised too.
func check<Root, Value>(
  _ shape: PayloadShape<Root, Value>, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let path = shape.path
  for round in 0..<3 {
    for other in shape.others {
      #expect(path.extract(from: other) == nil, "round \(round)", sourceLocation: sourceLocation)
      var root = other
      #expect(!path.isCase(of: &root), sourceLocation: sourceLocation)
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

func callbackOthers() -> [Callback] {
  [
    .idle, .stop, .transform { $0 }, .plainPair(1, "one"), .intType(Int.self),
    .parcel(Parcel(weight: 1)),
    .failure(SampleError(code: 1)), .nested(nil), .optionalFunction(nil),
  ]
}

func shape<Value>(
  _ path: CasePath<Callback, Value>, _ optionalPath: CasePath<Callback?, Value>,
  _ roots: [Callback], truth: @escaping (Callback) -> Value?,
  same: @escaping (Value, Value) async -> Bool, readable: Bool = true
) -> PayloadShape<Callback, Value> {
  PayloadShape(
    path: path, optionalPath: optionalPath, roots: roots,
    others: callbackOthers().filter { truth($0) == nil }, truth: truth, same: same,
    readable: readable)
}

func sameType(_ lhs: Any.Type, _ rhs: Any.Type) -> Bool {
  ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
}

/// The refusal `/` would stop with for `embed`, or `nil` when it makes the path.
func refusal<Root, Value>(_ embed: @escaping @Sendable (Value) -> Root) -> String? {
  do {
    _ = try CasePath(reflecting: embed)
    return nil
  } catch {
    return error.message
  }
}
