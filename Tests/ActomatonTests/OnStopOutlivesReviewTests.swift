import Actomaton
import ActomatonTesting
import Locking
import TestTraits
import Testing

/// A review of "a child's `onStop` work outlives the scopes around it" (CoreContract, *Nesting*,
/// *Stops outlive scopes*; spec rule 13), from outside: Top › Mid › Leaf, with a lifetime and
/// subscriptions in Mid, rows in a table, shared scopes, restores, releases and cancelled sends.
/// Every effect runs on a test clock's executor; no test waits in real time.
@Suite(.hangGuard)
struct OnStopOutlivesReviewTests {
  typealias Fixture = NestedStopTests.Fixture

  // MARK: - Top › Mid › Leaf

  struct Leaf: Sendable, Equatable { var n = 0 }
  enum LeafAction: Sendable, Equatable { case work }
  enum Screen: Sendable, Equatable { case on, off }
  struct Mid: Sendable, Equatable, Identifiable {
    var id = 1
    var leaf: Leaf? = Leaf()
    var leafStops = 0
    var screen: Screen = .on
    var ticking = false
  }
  enum MidAction: Sendable, Equatable {
    case leaf(LeafAction), closeLeaf, openLeaf, bounceLeaf, leafStopped, cancelFlush
    case cancelFlushWhere, screenOff, tick
  }
  struct Top: Sendable, Equatable {
    var mid: Mid? = nil
    var twin: Mid? = nil
  }
  enum TopAction: Sendable, Equatable {
    case mid(MidAction), twin(MidAction), open(Int), close, openTwin, closeTwin
    case cancelFlushEverywhere, cancelShared, onlyClose
  }
  struct Flush: EffectIDProtocol {}
  struct Shared: Hashable, Sendable {}

  static func leafReducer(_ f: Fixture) -> Reducer<LeafAction, Leaf, Void> {
    Reducer { _, _, _ in f.sleeping("leaf work", seconds: 100) }
  }

  static func midReducer(
    _ f: Fixture, leafOnStop: Effect<MidAction>, lifeOnStop: Effect<MidAction> = .empty,
    leafScope: EffectScope? = nil
  ) -> Reducer<MidAction, Mid, Void> {
    Reducer<MidAction, Mid, Void> { action, state, _ in
      switch action {
      case .closeLeaf: state.leaf = nil
      case .openLeaf: state.leaf = Leaf()
      case .bounceLeaf:
        state.leaf = nil
        return .nextAction(.openLeaf)
      case .leafStopped: state.leafStops += 1
      case .cancelFlush: return .cancel(id: Flush())
      case .cancelFlushWhere: return .cancel(ids: { $0 is Flush })
      case .screenOff: state.screen = .off
      case .tick: state.ticking = true
      case .leaf: break
      }
      return .empty
    }
    .child(
      leafReducer(f), state: \.leaf, action: /MidAction.leaf, environment: { _ in },
      scope: leafScope, onStop: leafOnStop)
    .lifetime(state: \.screen, case: /Screen.on, onStop: lifeOnStop)
    .subscriptions { state, _ in
      state.ticking
        ? ["tick": Effect<MidAction>.fireAndForget { try await f.clock.sleep(for: .seconds(1_000)) }]
        : [:]
    }
  }

  static func topReducer(
    _ f: Fixture, leafOnStop: Effect<MidAction>, lifeOnStop: Effect<MidAction> = .empty,
    sharedScope: Bool = false
  ) -> Reducer<TopAction, Top, Void> {
    let shared = sharedScope ? EffectScope(Shared()) : nil
    let main = Reducer<TopAction, Top, Void> { action, state, _ in
      switch action {
      case let .open(id): state.mid = Mid(id: id)
      case .close: state.mid = nil
      case .openTwin: state.twin = Mid(id: 99)
      case .closeTwin: state.twin = nil
      case .cancelFlushEverywhere:
        return .cancel(ids: { ($0 as? ScopedEffectID)?.inner is Flush })
      case .cancelShared: return .cancel(scope: EffectScope(Shared()))
      case .mid, .twin, .onlyClose: break
      }
      return .empty
    }
    .child(
      midReducer(f, leafOnStop: leafOnStop, lifeOnStop: lifeOnStop), state: \.mid,
      action: /TopAction.mid, environment: { _ in }, scope: shared)
    .child(
      midReducer(f, leafOnStop: leafOnStop), state: \.twin, action: /TopAction.twin,
      environment: { _ in }, scope: shared)
    let onlyClose = Reducer<TopAction, Top, Void>(only: { $0 == .onlyClose }) { _, state, _ in
      state.mid = nil
      return .empty
    }
    return .combine(onlyClose, main)
  }

  static func actomaton(_ f: Fixture, _ reducer: Reducer<TopAction, Top, Void>)
    -> Actomaton<TopAction, Top>
  {
    Actomaton(
      state: Top(), reducer: reducer, clock: f.clock,
      onError: { error in f.errors.withLock { $0.append("\(error)") } },
      executor: f.clock.executor)
  }

  static func send(_ action: TopAction, to actomaton: Actomaton<TopAction, Top>, _ f: Fixture)
    async
  {
    await actomaton.send(action)
    await f.clock.advance()
  }

  static func flush(_ f: Fixture) -> Effect<MidAction> {
    .fireAndForget(id: Flush()) {
      do {
        try await f.clock.sleep(for: .seconds(1))
        f.note("flush done")
      } catch {
        f.note("flush cancelled")
      }
    }
  }

  // MARK: - Identity: the parent replaced by a new one while the old child's onStop runs

  /// The leaf of Mid #1 goes alone; its onStop answers a second later. Meanwhile Mid #1 is
  /// replaced by Mid #2 (a new identity: a new child, spec rule 13 *Identity*). The answer was
  /// for Mid #1, which is gone: it must not be reduced by Mid #2 (before the change, Mid #1
  /// going cancelled the work, so nothing reached Mid #2; the orphan path drops it too).
  @Test func anOldLeafsOnStopAnswerDoesNotReachTheNewIdentityOfItsParent() async {
    let f = Fixture()
    let answer = Effect<MidAction> {
      try await f.clock.sleep(for: .seconds(1))
      return .leafStopped
    }
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: answer))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.open(2), to: actomaton, f)
    await f.clock.advance(by: .seconds(1))
    #expect(await actomaton.state.mid?.id == 2)
    #expect(await actomaton.state.mid?.leafStops == 0)
    #expect(f.reported.count == 1)
  }

  /// The same with the parent bounced (gone and back with the same id in one send): the old
  /// onStop's answer is for the Mid that went.
  @Test func anOldLeafsOnStopAnswerDoesNotReachItsParentThatCameBack() async {
    let f = Fixture()
    let answer = Effect<MidAction> {
      try await f.clock.sleep(for: .seconds(1))
      return .leafStopped
    }
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: answer))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.close, to: actomaton, f)
    await Self.send(.open(1), to: actomaton, f)
    await f.clock.advance(by: .seconds(1))
    #expect(await actomaton.state.mid?.leafStops == 0)
    #expect(f.reported.count == 1)
  }

  /// The old leaf's onStop work keeps its old parent's id: the new Mid (another identity) reaches
  /// it with its own `cancel(id:)`, although it never started it.
  @Test func theNewIdentityOfTheParentCannotCancelTheOldLeafsOnStopByID() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: Self.flush(f)))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.open(2), to: actomaton, f)
    await Self.send(.mid(.cancelFlush), to: actomaton, f)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["flush done"])
  }

  // MARK: - Queues

  struct Row: Sendable, Equatable, Identifiable { let id: Int }
  enum RowAction: Sendable, Equatable { case noop }
  enum TableAction: Sendable { case row((Int, RowAction)), remove(Int), clear }
  struct Table: Sendable, Equatable { var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)] }
  struct Page: Sendable, Equatable { var table: Table? = nil }
  enum PageAction: Sendable { case table(TableAction), open, close }
  struct SaveQueue: Oldest1SuspendNewEffectQueueProtocol {}

  static func pageActomaton(_ f: Fixture) -> Actomaton<PageAction, Page> {
    let row = Reducer<RowAction, Row, Void> { _, _, _ in .empty }
    let table = Reducer<TableAction, Table, Void> { action, state, _ in
      switch action {
      case let .remove(id): state.rows.removeAll { $0.id == id }
      case .clear: state.rows.removeAll { _ in true }
      case .row: break
      }
      return .empty
    }
    .children(
      row, state: \.rows, action: /TableAction.row, environment: { _ in },
      onStop: { id in
        .fireAndForget(queue: SaveQueue()) {
          f.note("save\(id) begin")
          do {
            try await f.clock.sleep(for: .seconds(1))
            f.note("save\(id) end")
          } catch {
            f.note("save\(id) cancelled")
          }
        }
      })
    let page = Reducer<PageAction, Page, Void> { action, state, _ in
      switch action {
      case .open: state.table = Table()
      case .close: state.table = nil
      case .table: break
      }
      return .empty
    }
    .child(table, state: \.table, action: /PageAction.table, environment: { _ in })
    return Actomaton(
      state: Page(), reducer: page, clock: f.clock,
      onError: { error in f.errors.withLock { $0.append("\(error)") } },
      executor: f.clock.executor)
  }

  static func drive(_ f: Fixture, until done: @escaping @Sendable () -> Bool) async {
    try? await waitUntil("the saves") {
      await f.clock.run()
      return done()
    }
  }

  /// Both rows removed while the table stays: save1 runs, save2 waits in the queue. The table
  /// goes: the waiting save is spared too, and the queue still runs them one at a time.
  @Test func aWaitingQueuedOnStopIsSparedWhenItsParentGoesAndStillWaitsItsTurn() async {
    let f = Fixture()
    let actomaton = Self.pageActomaton(f)
    await actomaton.send(.open)
    await actomaton.send(.table(.clear))
    await f.clock.advance()
    await actomaton.send(.close)
    await Self.drive(f) { f.entries.count >= 4 }
    #expect(f.entries == ["save1 begin", "save1 end", "save2 begin", "save2 end"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// Row 1 removed alone (its save now runs in the table's queue); then the table goes with
  /// row 2 in it (row 2's save is an orphaned stop, in the queue of such stops). The rows' saves
  /// share one `Oldest1SuspendNew` queue, so they should run one at a time (spec rule 5;
  /// CoreContract: "two rows' saves in one queue still run one at a time").
  @Test func aSparedSaveAndAnOrphanedSaveOfOneQueueDoNotOverlap() async {
    let f = Fixture()
    let actomaton = Self.pageActomaton(f)
    await actomaton.send(.open)
    await actomaton.send(.table(.remove(1)))
    await f.clock.advance()
    await actomaton.send(.close)
    await Self.drive(f) { f.entries.count >= 4 }
    #expect(f.entries == ["save1 begin", "save1 end", "save2 begin", "save2 end"])
  }

  // MARK: - Concatenations, lifetimes, bounces, subscriptions

  /// A concatenated onStop (two timed parts, then an answer) started while Mid stays, Mid gone
  /// during its first part: both parts run; the answer is dropped and reported once.
  @Test func aConcatenatedOnStopRunsEveryPartPastItsParentGoingAndItsAnswerIsReportedOnce()
    async
  {
    let f = Fixture()
    let onStop = Effect<MidAction>.concatenate(
      f.sleeping("first", seconds: 1), f.sleeping("second", seconds: 1),
      .nextAction(.leafStopped))
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: onStop))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.close, to: actomaton, f)
    try? await waitUntil("both parts") {
      await f.clock.advance(by: .seconds(1))
      return f.entries.count >= 2
    }
    await f.clock.advance()
    #expect(f.entries == ["first done", "second done"])
    #expect(f.reported.count == 1)
    #expect(f.reported.first?.hasPrefix("No child") == true)
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// A lifetime's onStop started while its Mid stays outlives the Mid going.
  @Test func aLifetimesOnStopOutlivesItsEnclosingChildGoingLater() async {
    let f = Fixture()
    let actomaton = Self.actomaton(
      f, Self.topReducer(f, leafOnStop: .empty, lifeOnStop: f.sleeping("life-", seconds: 2)))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.screenOff), to: actomaton, f)
    await Self.send(.close, to: actomaton, f)
    await f.clock.advance(by: .seconds(2))
    #expect(f.entries == ["life- done"])
  }

  /// The leaf bounced three times while its earlier onStops run, then Mid goes: every onStop
  /// runs to its end, and the live leaf's work is still cancelled with Mid.
  @Test func aLeafBouncedRepeatedlyKeepsEveryOldOnStopRunningPastItsParent() async {
    let f = Fixture()
    let counter = Locked(0)
    let onStop = Effect<MidAction>.fireAndForget {
      let n = counter.withLock { $0 += 1; return $0 }
      do {
        try await f.clock.sleep(for: .seconds(3))
        f.note("stop\(n) done")
      } catch {
        f.note("stop\(n) cancelled")
      }
    }
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: onStop))
    await Self.send(.open(1), to: actomaton, f)
    for _ in 0..<3 { await Self.send(.mid(.bounceLeaf), to: actomaton, f) }
    await Self.send(.mid(.leaf(.work)), to: actomaton, f)
    await Self.send(.close, to: actomaton, f)
    #expect(f.entries == ["leaf work cancelled"])
    await f.clock.advance(by: .seconds(3))
    #expect(f.entries.dropFirst().sorted() == ["stop1 done", "stop2 done", "stop3 done", "stop4 done"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// Subscriptions inside Mid still stop with it while a leaf's onStop work goes on in Mid's
  /// scope.
  @Test func subscriptionsInsideTheParentStopWithItWhileTheLeafsOnStopGoesOn() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 5)))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.tick), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    #expect(f.clock.sleeperCount == 2)
    await Self.send(.close, to: actomaton, f)
    #expect(f.clock.sleeperCount == 1)
    #expect(await actomaton.liveEffectIDs.count == 1)
    await f.clock.advance(by: .seconds(5))
    #expect(f.entries == ["leaf- done"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  // MARK: - Who still cancels it, who does not

  @Test func restoringAStateWithoutTheParentSparesTheLeafsOnStop() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 2)))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await actomaton.restore(Top())
    await f.clock.advance()
    await f.clock.advance(by: .seconds(2))
    #expect(f.entries == ["leaf- done"])
  }

  @Test func aSiblingMadeWithReducerOnlyRemovingTheParentSparesTheLeafsOnStop() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 2)))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.onlyClose, to: actomaton, f)
    #expect(await actomaton.state.mid == nil)
    await f.clock.advance(by: .seconds(2))
    #expect(f.entries == ["leaf- done"])
  }

  /// Cancelling the task of the send that started the onStop cancels it after its parent went;
  /// cancelling the task of the send that removed the parent does not.
  @Test func theStartingSendsTaskStillCancelsTheOnStopAfterItsParentWent() async throws {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 5)))
    await Self.send(.open(1), to: actomaton, f)
    let starting = try #require(await actomaton.send(.mid(.closeLeaf)))
    await f.clock.advance()
    await actomaton.send(.close)?.cancel()
    await f.clock.advance()
    #expect(f.entries == [])
    starting.cancel()
    await f.clock.advance()
    #expect(f.entries == ["leaf- cancelled"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  @Test func releasingTheActomatonCancelsAnOnStopThatOutlivedItsParent() async {
    let f = Fixture()
    var actomaton: Actomaton<TopAction, Top>? = Self.actomaton(
      f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 10)))
    await Self.send(.open(1), to: actomaton!, f)
    await Self.send(.mid(.closeLeaf), to: actomaton!, f)
    await Self.send(.close, to: actomaton!, f)
    #expect(f.clock.sleeperCount == 1)
    actomaton = nil
    try? await waitUntil("the onStop cancelled") {
      await f.clock.advance()
      return !f.entries.isEmpty
    }
    #expect(f.entries == ["leaf- cancelled"])
  }

  /// The parent's `cancel(ids:)` predicate (while it stays) and the root's, once the parent
  /// went, both reach the onStop work.
  @Test func cancelIDsPredicatesStillReachTheOnStopWork() async {
    let f = Fixture()
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: Self.flush(f)))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.mid(.cancelFlushWhere), to: actomaton, f)
    #expect(f.entries == ["flush cancelled"])
    await Self.send(.mid(.openLeaf), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.close, to: actomaton, f)
    await Self.send(.cancelFlushEverywhere, to: actomaton, f)
    #expect(f.entries == ["flush cancelled", "flush cancelled"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// Mid and its twin share one named scope. The leaf of Mid goes (its onStop runs in the shared
  /// scope); the twin going ends that scope, which spares the onStop; an explicit
  /// `cancel(scope:)` of the shared scope still cancels it.
  @Test func aSharedScopeEndedByASiblingSparesTheOnStopButAnExplicitCancelDoesNot() async {
    let f = Fixture()
    let actomaton = Self.actomaton(
      f, Self.topReducer(f, leafOnStop: f.sleeping("leaf-", seconds: 5), sharedScope: true))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.openTwin, to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.closeTwin, to: actomaton, f)
    #expect(f.entries == [])
    await Self.send(.cancelShared, to: actomaton, f)
    #expect(f.entries == ["leaf- cancelled"])
  }

  /// An onStop that sends twice after its parent went: each send is reported once, nothing else.
  @Test func anOnStopSendingTwiceAfterItsParentWentIsReportedOncePerAction() async {
    let f = Fixture()
    let onStop = Effect<MidAction>.run { send in
      try await f.clock.sleep(for: .seconds(1))
      await send(.leafStopped)
      await send(.leafStopped)
      f.note("sent")
    }
    let actomaton = Self.actomaton(f, Self.topReducer(f, leafOnStop: onStop))
    await Self.send(.open(1), to: actomaton, f)
    await Self.send(.mid(.closeLeaf), to: actomaton, f)
    await Self.send(.close, to: actomaton, f)
    await f.clock.advance(by: .seconds(1))
    #expect(f.entries == ["sent"])
    #expect(f.reported.count == 2)
    #expect(f.reported.allSatisfy { $0.hasPrefix("No child") })
    #expect(await actomaton.state == Top())
  }
}
