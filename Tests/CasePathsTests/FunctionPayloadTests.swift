import Synchronization
import Testing

@testable import CasePaths

struct Spot: Sendable, Equatable {
  var x: Int
  var y: Int
}

/// One case per function signature, each stored at the enum's own abstraction.
enum Invocation {
  case none
  case void(() -> Void)
  case flag(@Sendable () -> Bool)
  case narrow((Int8, Double) -> Float)
  case join((String, [Int]) -> String)
  case weigh((Parcel) -> Int)
  case three((Int, Int, Int) -> (Int, String))
  case throwing(() throws -> Int)
  case later(() async -> String)
  case remote(@Sendable (String) async throws -> [String: Int])
  case main(@MainActor () -> Int)
  case labelled(handler: (UInt16, Bool) -> Bool)
  case tuple(((Int) -> Int, String, () -> Bool))
  case optional(((Int) -> Int)?)
  case nestedOptional((() -> Int)??)
  // Signatures `/` does not convert: extraction gives `nil`.
  case higherOrder(((Int) -> Int) -> Int)
  case mutate((inout Int) -> Void)
  case point((Spot) -> Int)
  case typed(() throws(SampleError) -> Int)
  case many((Int, Int, Int, Int) -> Int)
}

/// Used by one test only, so that its reports are told from those of other tests.
enum Handler {
  case none
  case take((Spot) -> Int)
}

private func others() -> [Invocation] {
  [
    .none, .void {}, .flag { true }, .weigh { $0.weight }, .optional(nil),
    .many { $0 + $1 + $2 + $3 },
  ]
}

private func invocationShape<Value>(
  _ path: CasePath<Invocation, Value>, _ optionalPath: CasePath<Invocation?, Value>,
  _ roots: [Invocation],
  truth: @escaping (Invocation) -> Value?, same: @escaping (Value, Value) async -> Bool,
  readable: Bool = true
) -> PayloadShape<Invocation, Value> {
  PayloadShape(
    path: path, optionalPath: optionalPath, roots: roots,
    others: others().filter { truth($0) == nil }, truth: truth, same: same, readable: readable)
}

/// Holds a count that a closure in a payload bumps, to tell that calling the extracted
/// function runs the stored closure itself.
private final class Counter: @unchecked Sendable {
  var calls = 0
}

@Suite("Case paths for function payloads of every signature")
struct FunctionPayloadTests {
  @Test("Synchronous functions of numbers, strings, collections and classes extract callable")
  func synchronousFunctions() async {
    let counter = Counter()
    await check(
      invocationShape(
        /Invocation.void, /Invocation.void, [.void { counter.calls += 1 }],
        truth: { if case .void(let f) = $0 { f } else { nil } },
        same: { first, second in
          let before = counter.calls
          first()
          second()
          return counter.calls == before + 2
        }))
    await check(
      invocationShape(
        /Invocation.flag, /Invocation.flag, [.flag { true }, .flag { false }],
        truth: { if case .flag(let f) = $0 { f } else { nil } }, same: { $0() == $1() }))
    let product: (Int8, Double) -> Float = { a, b in Float(b) * Float(a) }
    let constant: (Int8, Double) -> Float = { _, _ in -1 }
    await check(
      invocationShape(
        /Invocation.narrow, /Invocation.narrow, [.narrow(product), .narrow(constant)],
        truth: { if case .narrow(let f) = $0 { f } else { nil } },
        same: { first, second in
          let result: Float = first(-3, 1.5)
          return result == second(-3, 1.5) && result != 0
        }))
    await check(
      invocationShape(
        /Invocation.join, /Invocation.join,
        [.join { "\($0):\($1.count)" }, .join { $0 + $1.map(String.init).joined() }],
        truth: { if case .join(let f) = $0 { f } else { nil } },
        same: { first, second in
          let text = "a long string, past the small form"
          let result: String = first(text, [1, 2])
          return result == second(text, [1, 2])
        }))
    await check(
      invocationShape(
        /Invocation.weigh, /Invocation.weigh, [.weigh { $0.weight * 2 }, .weigh { _ in 0 }],
        truth: { if case .weigh(let f) = $0 { f } else { nil } },
        same: { $0(Parcel(weight: 4)) == $1(Parcel(weight: 4)) }))
    await check(
      invocationShape(
        /Invocation.three, /Invocation.three,
        [.three { a, b, c in (a + b + c, "sum") }, .three { a, _, _ in (a, "first") }],
        truth: { if case .three(let f) = $0 { f } else { nil } },
        same: { $0(1, 2, 3) == $1(1, 2, 3) }))
    await check(
      invocationShape(
        /Invocation.labelled, /Invocation.labelled,
        [.labelled { $0 > 10 && $1 }, .labelled { _, b in !b }],
        truth: { if case .labelled(let f) = $0 { f } else { nil } },
        same: { $0(65_535, true) == $1(65_535, true) && $0(1, false) == $1(1, false) }))
  }

  @Test("Throwing, async and actor-isolated functions extract callable, with errors thrown through")
  func effectfulFunctions() async {
    await check(
      invocationShape(
        /Invocation.throwing, /Invocation.throwing,
        [.throwing { 7 }, .throwing { throw SampleError(code: 5) }],
        truth: { if case .throwing(let f) = $0 { f } else { nil } },
        same: { outcome($0) == outcome($1) }))
    await check(
      invocationShape(
        /Invocation.later, /Invocation.later, [.later { "soon" }, .later { "later" }],
        truth: { if case .later(let f) = $0 { f } else { nil } }, same: { await $0() == $1() }))
    await check(
      invocationShape(
        /Invocation.remote, /Invocation.remote,
        [.remote { [$0: $0.count] }, .remote { _ in throw SampleError(code: 6) }],
        truth: { if case .remote(let f) = $0 { f } else { nil } },
        same: { await outcome($0, "key") == outcome($1, "key") }))
    await check(
      invocationShape(
        /Invocation.main, /Invocation.main, [.main { 1 }, .main { 2 }],
        truth: { if case .main(let f) = $0 { f } else { nil } },
        same: { first, second in await MainActor.run { first() == second() } }))
  }

  @Test("Tuples and optionals holding functions extract every function callable")
  func functionsInTuplesAndOptionals() async {
    let increment: (Int) -> Int = { $0 + 1 }
    let identity: (Int) -> Int = { $0 }
    typealias Triple = ((Int) -> Int, String, () -> Bool)
    let tuple: CasePath<Invocation, Triple> = /Invocation.tuple
    let optionalTuple: CasePath<Invocation?, Triple> = /Invocation.tuple
    await check(
      invocationShape(
        tuple, optionalTuple,
        [.tuple((increment, "one", { true })), .tuple((identity, "two", { false }))],
        truth: { (root: Invocation) -> Triple? in
          if case .tuple(let triple) = root { triple } else { nil }
        },
        same: { (first: Triple, second: Triple) -> Bool in
          let functions = first.0(1) == second.0(1) && first.2() == second.2()
          return functions && first.1 == second.1
        }))
    await check(
      invocationShape(
        /Invocation.optional, /Invocation.optional, [.optional { $0 * 3 }, .optional(nil)],
        truth: { if case .optional(let f) = $0 { f } else { nil } },
        same: { $0?(5) == $1?(5) }))
    await check(
      invocationShape(
        /Invocation.nestedOptional, /Invocation.nestedOptional,
        [.nestedOptional({ 4 }), .nestedOptional(.some(nil)), .nestedOptional(nil)],
        truth: { if case .nestedOptional(let f) = $0 { f } else { nil } },
        same: { $0.map { $0?() } == $1.map { $0?() } }))
  }

  @Test("Signatures it cannot convert give nil, never a crash, and the case is still told")
  func unconvertibleSignatures() async {
    let rows: [(Invocation, (Invocation) -> Bool)] = [
      (.higherOrder { $0(1) }, { (/Invocation.higherOrder).extract(from: $0) == nil }),
      (.mutate { $0 += 1 }, { (/Invocation.mutate).extract(from: $0) == nil }),
      (.point { $0.x }, { (/Invocation.point).extract(from: $0) == nil }),
      (.typed { 1 }, { (/Invocation.typed).extract(from: $0) == nil }),
      (.many { $0 + $1 + $2 + $3 }, { (/Invocation.many).extract(from: $0) == nil }),
    ]
    for (root, extractsNil) in rows {
      #expect(extractsNil(root))
    }
    await check(
      invocationShape(
        /Invocation.point, /Invocation.point, [.point { $0.x }, .point { $0.y }],
        truth: { if case .point(let f) = $0 { f } else { nil } },
        same: { $0(Spot(x: 1, y: 2)) == $1(Spot(x: 1, y: 2)) }, readable: false))
  }

  @Test("A path that cannot hand out a payload says so once per types, naming the way out")
  func unconvertibleSignatureIsReportedOnce() {
    let reports = Mutex<[String]>([])
    let previous = UnreadablePayloadReport.output.withLock { output in
      defer { output = { message in reports.withLock { $0.append(message) } } }
      return output
    }
    defer { UnreadablePayloadReport.output.withLock { $0 = previous } }
    let path = /Handler.take
    let other = /Handler.take
    #expect(path.extract(from: .take { $0.x }) == nil)
    #expect(path.extract(from: .take { $0.y }) == nil)
    #expect(path.extract(from: .none) == nil)
    #expect(other.extract(from: .take { $0.x }) == nil)
    let reflected: CasePath<Any, (Spot) -> Int> = /{ (f: @escaping (Spot) -> Int) -> Any in
      Handler.take(f)
    }
    #expect(reflected.extract(from: Handler.take { $0.x }) == nil)
    #expect(reflected.extract(from: Handler.take { $0.y }) == nil)
    // NOTE: other tests may report their own paths meanwhile; only these are counted.
    let mine = reports.withLock { $0 }.filter { $0.contains("(Spot) -> Int") }
    #expect(mine.filter { $0.contains("path of Handler") }.count == 1, "once: \(mine)")
    #expect(mine.filter { $0.contains("path of Any") }.count == 1, "once: \(mine)")
    #expect(mine.allSatisfy { $0.contains("CasePath(embed:") })
    #expect(mine.first == UnreadablePayloadReport.message(Handler.self, ((Spot) -> Int).self))
  }

  @Test("An extracted function keeps what its closure captured alive, and lets it go after")
  func extractedFunctionsOwnTheirCaptures() {
    weak var weakParcel: Parcel?
    var extracted: ((Int) -> Int)?
    do {
      let parcel = Parcel(weight: 10)
      weakParcel = parcel
      let root = Invocation.optional { $0 + parcel.weight }
      extracted = (/Invocation.optional).extract(from: root) ?? nil
    }
    #expect(weakParcel != nil)
    #expect(extracted?(1) == 11)
    extracted = nil
    #expect(weakParcel == nil)
  }
}

private func outcome(_ function: () throws -> Int) -> String {
  do { return "\(try function())" } catch { return "\(error)" }
}

private func outcome(
  _ function: (String) async throws -> [String: Int], _ argument: String
) async -> String {
  do { return "\(try await function(argument))" } catch { return "\(error)" }
}
