import Testing

@testable import Actomaton

/// An observer of a slice that has ended leaves the actomaton, even when its slice never
/// changes again.
extension StateValuesTests {
  struct Follow: EffectIDProtocol {}

  /// An observer whose consumer stopped is dropped on the next action even when its slice did
  /// not change: were it kept until the slice changes, it could stay subscribed (and keep
  /// `send` on the observed path) forever.
  @Test func anEndedObserverOfAnUnchangedSliceIsDropped() async {
    let actomaton = Actomaton(state: State(), reducer: Self.reducer)
    for await name in actomaton.values(of: \.name) where name.isEmpty { break }
    await actomaton.send(.increment)
    await actomaton.send(.increment)
    #expect(await actomaton.stateObserverCount == 0, "the ended observer was dropped")
    #expect(await !actomaton.isObserved, "no observer left: send takes the plain path")
  }

  /// The same through `bind(id:to:_:)`: unbinding ends the target's iteration, and the source
  /// forgets its observer although the followed slice did not change.
  @Test func unbindingLetsTheSourceForgetTheObserver() async throws {
    let source = Actomaton(state: State(), reducer: Self.reducer)
    let target = Actomaton(state: State(), reducer: Self.reducer)
    await target.bind(id: Follow(), to: source, \.name) { .rename($0) }
    try await waitUntil { await source.stateObserverCount == 1 }
    await target.unbind(id: Follow())
    try await waitUntil { await target.effectCount == 0 }
    await source.send(.increment)
    #expect(await source.stateObserverCount == 0, "the unbound observer was dropped")
  }
}
