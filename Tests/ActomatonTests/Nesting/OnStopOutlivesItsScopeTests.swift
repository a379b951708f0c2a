import Actomaton
import ActomatonTesting
import Locking
import TestTraits
import Testing

/// "An `onStop`'s work runs to its end whatever goes after it" (CoreContract, *Stops outlive
/// scopes*; spec rule 13): started while its parent stays, it runs in the parent's scope and
/// answers to the parent's ids; when that scope ends the work is orphaned, not cancelled. Seen
/// from outside on Top › Mid › Leaf, with a lifetime and subscriptions in Mid, rows in a table,
/// shared scopes, restores, releases and cancelled sends, and on `AChildTakesWhatItDeclaredTests`'
/// three levels. Every effect runs on a test clock's executor; no test waits in real time.
@Suite(.hangGuard)
struct OnStopOutlivesItsScopeTests {
  typealias Nested = AChildTakesWhatItDeclaredTests
  typealias Fixture = Nested.Fixture

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
      scope: leafScope, onStop: leafOnStop
    )
    .lifetime(state: \.screen, case: /Screen.on, onStop: lifeOnStop)
    .subscriptions { state, _ in
      state.ticking
        ? [
          "tick": Effect<MidAction>.fireAndForget { try await f.clock.sleep(for: .seconds(1_000)) }
        ]
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
      action: /TopAction.mid, environment: { _ in }, scope: shared
    )
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
    f.actomaton(state: Top(), reducer: reducer)
  }

  /// Mid #1 opened and its leaf closed: the leaf's `leafOnStop` has started.
  static func leafClosed(_ f: Fixture, onStop leafOnStop: Effect<MidAction>) async
    -> Actomaton<TopAction, Top>
  {
    let actomaton = Self.actomaton(f, topReducer(f, leafOnStop: leafOnStop))
    await f.send(.open(1), to: actomaton)
    await f.send(.mid(.closeLeaf), to: actomaton)
    return actomaton
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

  /// An onStop that answers `.leafStopped` a second later.
  static func answer(_ f: Fixture) -> Effect<MidAction> {
    Effect {
      try await f.clock.sleep(for: .seconds(1))
      return .leafStopped
    }
  }

  /// The leaf of Mid #1 goes alone; its onStop answers a second later. Meanwhile Mid #1 is
  /// replaced by Mid #2 (a new identity: a new child, spec rule 13 *Identity*). The answer was
  /// for Mid #1, which is gone: the work was orphaned, and its answer is dropped unreported, as
  /// an orphan's is.
  @Test func anOldLeafsOnStopAnswerDoesNotReachTheNewIdentityOfItsParent() async {
    let f = Fixture()
    let actomaton = await Self.leafClosed(f, onStop: Self.answer(f))
    await f.send(.open(2), to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(await actomaton.state.mid?.id == 2)
    #expect(await actomaton.state.mid?.leafStops == 0)
    #expect(f.reported.isEmpty)
  }

  /// The same with the parent bounced (gone and back with the same id in one send): the old
  /// onStop's answer is for the Mid that went.
  @Test func anOldLeafsOnStopAnswerDoesNotReachItsParentThatCameBack() async {
    let f = Fixture()
    let actomaton = await Self.leafClosed(f, onStop: Self.answer(f))
    await f.send(.close, to: actomaton)
    await f.send(.open(1), to: actomaton)
    await f.clock.advance(by: .seconds(1))
    #expect(await actomaton.state.mid?.leafStops == 0)
    #expect(f.reported.isEmpty)
  }

  /// The old leaf's onStop work stays in the declaration's scope, where the new Mid (another
  /// child, spec rule 13 *Identity*) lives too: orphaned when Mid #1 went, its id is no longer
  /// reachable, so the new Mid's own `cancel(id:)` cannot cancel what it never started.
  @Test func theNewIdentityOfTheParentCannotCancelTheOldLeafsOnStopByID() async {
    let f = Fixture()
    let actomaton = await Self.leafClosed(f, onStop: Self.flush(f))
    await f.send(.open(2), to: actomaton)
    await f.send(.mid(.cancelFlush), to: actomaton)
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
    return f.actomaton(state: Page(), reducer: page)
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
    await f.drive { f.entries.count >= 4 }
    #expect(f.entries == ["save1 begin", "save1 end", "save2 begin", "save2 end"])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  /// Row 1 removed alone (its save runs in the table's scoped queue, and outlives the table);
  /// then the table goes with row 2 in it (row 2's save, orphaned, is lifted into the same
  /// queue). The rows' saves share one `Oldest1SuspendNew` queue, so they run one at a time
  /// (spec rule 5; CoreContract: "two rows' saves in one queue still run one at a time").
  @Test func aSparedSaveAndAnOrphanedSaveOfOneQueueDoNotOverlap() async {
    let f = Fixture()
    let actomaton = Self.pageActomaton(f)
    await actomaton.send(.open)
    await actomaton.send(.table(.remove(1)))
    await f.clock.advance()
    await actomaton.send(.close)
    await f.drive { f.entries.count >= 4 }
    #expect(f.entries == ["save1 begin", "save1 end", "save2 begin", "save2 end"])
  }
}
