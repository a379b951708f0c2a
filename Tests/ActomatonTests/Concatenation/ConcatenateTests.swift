import Testing

@testable import Actomaton

/// `Effect.concatenate`: each part's async work starts once the previous part's is over and its
/// action has been reduced; `+` stays concurrent.
@Suite struct ConcatenateTests {
  enum Action: Sendable, Equatable {
    case sequence
    case nested
    case cancelFirst
    case reduced(String)
  }

  struct FirstID: EffectIDProtocol {}

  final class Environment: Sendable {
    let gate = Gate()
    let log = EventLog<String>()

    func part(_ name: String, waits: Bool = false) -> Effect<Action> {
      Effect(id: waits ? FirstID() : nil) {
        self.log.append("\(name) starts")
        if waits { try await self.gate.wait() }
        return .reduced(name)
      }
    }
  }

  static let reducer = Reducer<Action, [String], Environment> { action, state, environment in
    switch action {
    case .sequence:
      return .concatenate(
        environment.part("a", waits: true), .nextAction(.reduced("x")), environment.part("b"))
    case .nested:
      return .concatenate(
        .concatenate(environment.part("a", waits: true), environment.part("b")),
        environment.part("c") + environment.part("d"))
    case .cancelFirst:
      return .cancel(id: FirstID())
    case let .reduced(name):
      state.append(name)
      environment.log.append("\(name) reduced")
      return .empty
    }
  }

  static func make(_ environment: Environment) -> Actomaton<Action, [String]> {
    Actomaton(state: [], reducer: reducer, environment: environment)
  }

  @Test func laterPartsStartAfterTheEarlierPartsActionWasReduced() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    let task = try #require(await actomaton.send(.sequence))
    #expect(await actomaton.effectCount == 1, "b is not admitted while a runs")
    environment.gate.open()
    try await task.waitOrCancel()
    #expect(
      environment.log.entries == [
        "a starts", "a reduced", "x reduced", "b starts", "b reduced",
      ])
  }

  @Test func nestedConcatenationsKeepTheirOrderAndInnerMergesStayConcurrent() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    let task = try #require(await actomaton.send(.nested))
    environment.gate.open()
    try await task.waitOrCancel()
    let log = environment.log.entries
    #expect(Array(log.prefix(4)) == ["a starts", "a reduced", "b starts", "b reduced"])
    #expect(Set(log.dropFirst(4)) == ["c starts", "c reduced", "d starts", "d reduced"])
  }

  @Test func aCancelledPartCountsAsOverAndTheNextOneRuns() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    let task = try #require(await actomaton.send(.sequence))
    try await waitUntil { environment.log.entries == ["a starts"] }
    await actomaton.send(.cancelFirst)
    try await task.waitOrCancel()
    #expect(await actomaton.state == ["x", "b"])
  }

  @Test func cancellingTheSendTaskStopsThePartsNotYetBegun() async throws {
    let environment = Environment()
    let actomaton = Self.make(environment)
    let task = try #require(await actomaton.send(.sequence))
    try await waitUntil { environment.log.entries == ["a starts"] }
    task.cancel()
    _ = try? await task.value
    try await waitUntil { await actomaton.effectCount == 0 }
    #expect(environment.log.entries == ["a starts"])
    #expect(await actomaton.state == [])
  }

  @Test func releasingTheActomatonEndsTheSendTaskWithoutRunningLaterParts() async throws {
    let environment = Environment()
    var actomaton: Actomaton? = Self.make(environment)
    let task = try #require(await actomaton?.send(.sequence))
    try await waitUntil { environment.log.entries == ["a starts"] }
    actomaton = nil
    _ = try? await task.waitOrCancel()
    #expect(environment.log.entries == ["a starts"])
  }

  @Test func emptyAndSinglePartsNeedNoConcatenation() {
    let single = Effect<Action>.concatenate(.empty, .nextAction(.reduced("x")), .empty)
    #expect(single.parts.count == 1)
    #expect(Effect<Action>.concatenate([]).isEmpty)
  }
}
