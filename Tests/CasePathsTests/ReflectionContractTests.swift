import CasePaths
import Testing

// The shapes the reflection-era swift-case-paths (0.14.1) checked in its own suite
// (`CasePathsTests.swift`, `ReflectionTests.swift`), in our words, each against a hand-written
// `if case let`.

private struct ContractNumbered: Identifiable, Equatable {
  let id: Int
}

private struct ContractFailure: Error, Equatable {}

private enum ContractBoxed {
  indirect case boxed(ContractNumbered)
}

private enum ContractLone {
  case only
}

private enum ContractRuns {
  case run(() -> Void)
  case idle
}

private indirect enum ContractNest: Equatable {
  case nest(ContractNest)
  case leaf(Int)
}

private enum ContractZero: Equatable {
  case zero
}

private enum ContractHoldsZero {
  case holds(ContractZero)
}

private enum ContractEmpty {}

private enum ContractUninhabited {
  case plain
  case empty(ContractEmpty)
  case never(Never)
  case nevers(Never, Never)
  case unit(Void)
}

private enum ContractSession: Equatable {
  case signedIn(token: String)
  case signedOut
}

@Suite("The reflection-era contract of swift-case-paths")
struct ReflectionContractTests {
  @Test("A generic payload extracts as its value, an existential one as what it holds")
  func genericAndExistentialPayloads() throws {
    let numbered = Result<ContractNumbered, ContractFailure>.success(ContractNumbered(id: 42))
    var expected: ContractNumbered?
    if case let .success(value) = numbered { expected = value }
    #expect(
      (/Result<ContractNumbered, ContractFailure>.success).extract(from: numbered) == expected)
    let any = Result<Any, ContractFailure>.success(ContractNumbered(id: 42))
    let extracted = try #require((/Result<Any, ContractFailure>.success).extract(from: any))
    #expect((extracted as? any Identifiable)?.id as? Int == 42)
    #expect(
      (/Result<Any, ContractFailure>.success).extract(from: .failure(ContractFailure())) == nil)
  }

  @Test("An indirect case of a single-case enum extracts its payload")
  func indirectSingleCase() {
    let root = ContractBoxed.boxed(ContractNumbered(id: 7))
    guard case let .boxed(expected) = root else { return }
    #expect((/ContractBoxed.boxed).extract(from: root) == expected)
  }

  @Test("The case of a single-case enum without payload extracts ()")
  func lonePayloadlessCase() {
    #expect((/ContractLone.only).extract(from: .only) != nil)
  }

  @Test("A closure payload extracts callable (testClosurePayload, testEnumsWithClosures)")
  func closurePayload() throws {
    nonisolated(unsafe) var ran = 0
    let run = try #require((/ContractRuns.run).extract(from: .run { ran += 1 }))
    run()
    #expect(ran == 1)
    #expect((/ContractRuns.run).extract(from: .idle) == nil)
  }

  @Test("Composed paths through a recursive enum match only at their depth")
  func recursive() {
    let path = /ContractNest.nest .. /ContractNest.nest .. /ContractNest.nest .. /ContractNest.leaf
    #expect(path.extract(from: .nest(.nest(.nest(.leaf(42))))) == 42)
    #expect(path.extract(from: .nest(.nest(.leaf(42)))) == nil)
    #expect(path.embed(1) == .nest(.nest(.nest(.leaf(1)))))
  }

  @Test("A payload of no size extracts")
  func zeroSizedPayload() {
    #expect((/ContractHoldsZero.holds).extract(from: .holds(.zero)) == .zero)
  }

  @Test("Cases with uninhabited payloads never match another case")
  func uninhabitedPayloads() {
    for _ in 1...2 {
      #expect((/ContractUninhabited.empty).extract(from: .plain) == nil)
      #expect((/ContractUninhabited.never).extract(from: .unit(())) == nil)
      #expect((/ContractUninhabited.nevers).extract(from: .unit(())) == nil)
    }
  }

  @Test("A labelled case extracts over a list, and composes with Optional.some")
  func compactMapping() {
    let sessions: [ContractSession] = [.signedIn(token: "a"), .signedOut, .signedIn(token: "b")]
    #expect(sessions.compactMap((/ContractSession.signedIn).extract(from:)) == ["a", "b"])
    let results: [Result<Int?, ContractFailure>] = [
      .success(1), .success(nil), .failure(ContractFailure()),
    ]
    let some = /Result<Int?, ContractFailure>.success .. /Optional<Int>.some
    #expect(results.compactMap(some.extract(from:)) == [1])
  }
}
