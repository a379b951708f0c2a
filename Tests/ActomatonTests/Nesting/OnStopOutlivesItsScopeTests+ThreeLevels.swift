import Actomaton
import ActomatonTesting
import Testing

/// On the three levels of `AChildTakesWhatItDeclaredTests` and a keeper of a child: the end of
/// its parent (or of any scope it sits in) later does not cancel a child's `onStop` work; its
/// id, the actomaton's release and its send's task still do.
extension OnStopOutlivesItsScopeTests {
  @Test func aGrandchildsOnStopWorkOutlivesItsParentAndGrandparentGoingLater() async {
    let f = Fixture()
    let actomaton = Nested.actomaton(f, Nested.reducer(f, cOnStop: f.sleeping("C-", seconds: 3)))
    await f.send(.open(1), to: actomaton)
    await f.send(.a(.b(.closeC)), to: actomaton)
    await f.send(.a(.closeB), to: actomaton)
    await f.send(.close, to: actomaton)
    await f.clock.advance(by: .seconds(3))
    #expect(f.entries == ["A+", "B+", "C+", "B-", "A-", "C- done"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  @Test func rowsOnStopWorkOutlivesTheListsParentGoing() async {
    let f = Fixture()
    let (actomaton, _) = Nested.page(
      f, Nested.pageReducer(f, rowOnStop: { id in f.sleeping("row\(id)-", seconds: 2) }))
    await actomaton.send(.open)
    // NOTE: the onStarts run first: left waiting, closing cancels them, as it should.
    await f.clock.advance()
    await actomaton.send(.table(.clear))
    await actomaton.send(.close)
    await f.clock.advance(by: .seconds(2))
    #expect(f.entries.suffix(2).sorted() == ["row1- done", "row2- done"])
    #expect(!f.entries.contains { $0.hasSuffix("cancelled") })
  }

  /// The work still answers to its id: the parent that holds it can cancel it.
  @Test func aParentStillCancelsAChildsOnStopWorkByItsID() async {
    let f = Fixture()
    let actomaton = Self.keeperActomaton(f)
    await actomaton.send(.open)
    await actomaton.send(.keeper(.closeChild))
    await f.clock.advance()
    await actomaton.send(.keeper(.cancelFlush))
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["flush cancelled"])
  }

  /// What it feeds back after its parent went has no child to reach: dropped unreported, as an
  /// orphan's is.
  @Test func anOnStopThatFeedsBackAfterItsParentWentIsDroppedUnreported() async {
    let f = Fixture()
    let bOnStop = Effect<Nested.AAction> {
      try await f.clock.sleep(for: .seconds(1))
      return .bStopped
    }
    let actomaton = Nested.actomaton(f, Nested.reducer(f, bOnStop: bOnStop))
    await f.send(.open(1), to: actomaton)
    await f.send(.a(.closeB), to: actomaton)
    await f.send(.close, to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(!f.actions.contains(.a(.bStopped)))
    #expect(f.reported.isEmpty)
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  struct Keeper: Sendable, Equatable { var child: Nested.C? = Nested.C() }
  enum KeeperAction: Sendable, Equatable { case child(Nested.CAction), closeChild, cancelFlush }
  struct Shelf: Sendable, Equatable { var keeper: Keeper? = nil }
  enum ShelfAction: Sendable, Equatable { case keeper(KeeperAction), open }

  /// A keeper (itself a child) whose child's onStop is a long flush with an id.
  static func keeperActomaton(_ f: Fixture) -> Actomaton<ShelfAction, Shelf> {
    let keeper = Reducer<KeeperAction, Keeper, Void> { action, state, _ in
      switch action {
      case .closeChild: state.child = nil
      case .cancelFlush: return .cancel(id: Flush())
      case .child: break
      }
      return .empty
    }
    .child(
      Nested.cReducer(f), state: \.child, action: /KeeperAction.child, environment: { _ in },
      onStop: .fireAndForget(id: Flush()) {
        do {
          try await f.clock.sleep(for: .seconds(1))
          f.note("flush done")
        } catch {
          f.note("flush cancelled")
        }
      })
    let top = Reducer<ShelfAction, Shelf, Void> { action, state, _ in
      if action == .open { state.keeper = Keeper() }
      return .empty
    }
    .child(keeper, state: \.keeper, action: /ShelfAction.keeper, environment: { _ in })
    return f.actomaton(state: Shelf(), reducer: top)
  }
}
