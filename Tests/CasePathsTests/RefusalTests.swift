import CasePaths
import Testing

// Payloads that reflection cannot read as generic code holds them are refused when the path is
// made, with a message naming the case and the hand-written path; the others are read right.
// Every check compares with a hand-written `if case let`.

private enum RGives<T> {
  case gives(() -> T)
  case other(Int)
}

private enum RPair<T> {
  case pair(T.Type, Int)
  case none
}

private enum RMaybe<T> {
  case optional(T?)
  case none
}

private enum RHolder<T> {
  case value(T)
  case empty
}

private enum RPlain {
  case map(Int, (Int) -> Int)
  case type(Int.Type, Int)
  case nested((Int, Int), String)
  case run(() -> Void)
  case runs(Int, () -> Void)
  case maybeRun((() -> Void)?)
  case classType(RToken.Type, Int)
  case none
}

private struct ROuter<T> {
  enum Inner {
    case apply((T) -> Int)
    case value(T)
  }
}

private final class RToken {}

/// The refusal `/` would stop with for `embed`, or `nil` when it makes the path.
func refusal<Root, Value>(_ embed: @escaping @Sendable (Value) -> Root) -> String? {
  do {
    _ = try CasePath(reflecting: embed)
    return nil
  } catch {
    return error.message
  }
}

@Suite("Payloads reflection cannot prove right are refused with the way out")
struct RefusalTests {
  @Test("A function built from a generic parameter is refused, naming the case")
  func genericFunctionRefused() throws {
    let message = try #require(refusal(RGives<Int>.gives))
    #expect(message.contains("/RGives<Int>.gives"))
    #expect(message.contains("a function"))
    #expect(message.contains("CasePath<RGives<Int>, () -> Int>("))
    #expect(message.contains("if case let .gives(value) = root { return value }"))
  }

  @Test("The hand-written path the message shows works where / refuses")
  func handWrittenPathWorks() throws {
    let gives = CasePath<RGives<Int>, () -> Int>(
      embed: { .gives($0) },
      extract: { root in
        if case let .gives(value) = root { return value }
        return nil
      })
    let function = try #require(gives.extract(from: .gives { 7 }))
    #expect(function() == 7)
    #expect(gives.extract(from: .other(1)) == nil)
  }

  @Test("() -> Void needs no conversion, in a generic enum too")
  func voidFunctionOfGenericEnum() throws {
    nonisolated(unsafe) var ran = 0
    let path = /RGives<Void>.gives
    let function = try #require(path.extract(from: .gives { ran += 1 }))
    function()
    #expect(ran == 1)
    #expect(path.extract(from: .other(2)) == nil)
  }

  @Test("A metatype of a generic parameter in a tuple is refused; of a class it is read")
  func genericMetatypes() throws {
    let message = try #require(refusal { (value: (Int.Type, Int)) in RPair.pair(value.0, value.1) })
    #expect(message.contains("/RPair<Int>.pair"))
    #expect(message.contains("a metatype"))
    let path = /RPair<RToken>.pair
    let root = RPair<RToken>.pair(RToken.self, 5)
    guard case let .pair(type, count) = root else { Issue.record("if case failed"); return }
    let extracted = try #require(path.extract(from: root))
    #expect(extracted.0 == type && extracted.1 == count)
    #expect(path.extract(from: .none) == nil)
  }

  @Test("An optional of a metatype is refused; an optional of data is read both ways")
  func genericOptionals() throws {
    #expect(try #require(refusal(RMaybe<Int.Type>.optional)).contains("/RMaybe<Int.Type>.optional"))
    let path = /RMaybe<Int>.optional
    for root in [RMaybe<Int>.optional(4), .optional(nil), .none] {
      var expected: Int??
      if case let .optional(value) = root { expected = .some(value) }
      #expect(path.extract(from: root) == expected)
    }
  }

  @Test("A lone metatype payload has one value, made rather than read")
  func singletonMetatype() {
    let path = /RHolder<Int.Type>.value
    #expect(path.extract(from: .value(Int.self)) == Int.self)
    #expect(path.extract(from: .empty) == nil)
  }

  @Test("Generic payloads of data, tuples and functions needing no conversion are read")
  func genericData() throws {
    let tuple = /RHolder<(Int, String)>.value
    let extracted = try #require(tuple.extract(from: .value((3, "three"))))
    #expect(extracted == (3, "three"))
    nonisolated(unsafe) var ran = false
    let optionalRun = /RHolder<(() -> Void)?>.value
    let run = try #require(optionalRun.extract(from: .value({ ran = true })))
    let unwrapped = try #require(run)
    unwrapped()
    #expect(ran)
    #expect(try #require(refusal(RHolder<(Int) -> Int>.value)).contains("/RHolder<"))
  }

  @Test("Functions with arguments or results, and metatypes in tuples, are refused in plain enums")
  func plainRefusals() throws {
    // Compiles (the pack overload of `/` crashed the compiler on this shape); never called here.
    let makeMap: () -> CasePath<RPlain, (Int, (Int) -> Int)> = { /RPlain.map }
    _ = makeMap
    let map = try #require(refusal { (value: (Int, (Int) -> Int)) in RPlain.map(value.0, value.1) })
    #expect(map.contains("(Int) -> Int"))
    #expect(map.contains("if case let"))
    let type = try #require(refusal { (value: (Int.Type, Int)) in RPlain.type(value.0, value.1) })
    #expect(type.contains("a metatype, Int.Type"))
  }

  @Test("A case of several values, a tuple among them, compiles and extracts")
  func tupleValues() throws {
    let path = /RPlain.nested
    let extracted = try #require(path.extract(from: .nested((1, 2), "x")))
    #expect(extracted.0 == (1, 2) && extracted.1 == "x")
    #expect(path.extract(from: .none) == nil)
    guard case let .nested(pair, text) = path.embed(((3, 4), "y")) else {
      Issue.record("embed built another case")
      return
    }
    #expect(pair == (3, 4) && text == "y")
  }

  @Test("Functions without arguments or result are read alone, in tuples and in optionals")
  func voidFunctions() throws {
    nonisolated(unsafe) var runs = 0
    let run = try #require((/RPlain.run).extract(from: .run { runs += 1 }))
    run()
    let pair = try #require((/RPlain.runs).extract(from: .runs(1, { runs += 10 })))
    pair.1()
    let maybe = try #require((/RPlain.maybeRun).extract(from: .maybeRun({ runs += 100 })))
    let some = try #require(maybe)
    some()
    #expect(runs == 111)
    let none = try #require((/RPlain.maybeRun).extract(from: .maybeRun(nil)))
    #expect(none == nil)
    let classType = try #require((/RPlain.classType).extract(from: .classType(RToken.self, 2)))
    #expect(classType.0 == RToken.self && classType.1 == 2)
  }

  @Test("An enum nested in a generic type: the function of T is refused, T itself is read")
  func nestedInGeneric() throws {
    #expect(try #require(refusal(ROuter<Int>.Inner.apply)).contains(".apply"))
    #expect((/ROuter<Int>.Inner.value).extract(from: .value(9)) == 9)
    #expect((/ROuter<Int>.Inner.value).extract(from: .apply { $0 }) == nil)
  }
}
