import Actomaton
import ActomatonTesting
import Locking
import Testing

/// Case children, lifetimes and rows inside a child that goes.
extension AChildTakesWhatItDeclaredTests {
  // MARK: - A case child and a lifetime inside an optional child

  enum Screen: Sendable, Equatable { case list, detail(C) }
  enum Route: Sendable, Equatable { case sheet(C), alert }
  struct Holder: Sendable, Equatable {
    var screen: Screen = .detail(C())
    var route: Route? = .sheet(C())
  }
  enum HolderAction: Sendable, Equatable { case detail(CAction), sheet(CAction), stopped(String) }
  struct Top: Sendable, Equatable { var holder: Holder? = nil }
  enum TopAction: Sendable, Equatable { case holder(HolderAction), open, close }

  static func holderReducer(_ f: Fixture) -> Reducer<TopAction, Top, Void> {
    let holder = Reducer<HolderAction, Holder, Void> { _, _, _ in .empty }
      .child(
        cReducer(f), state: \.screen, case: /Screen.detail, action: /HolderAction.detail,
        environment: { _ in }, onStart: f.noting("detail+"),
        onStop: f.noting("detail-") + .nextAction(.stopped("detail"))
      )
      .child(
        cReducer(f), state: \.route, case: /Route.sheet, action: /HolderAction.sheet,
        environment: { _ in }, onStart: f.noting("sheet+"),
        onStop: f.noting("sheet-") + .nextAction(.stopped("sheet"))
      )
      .lifetime(
        state: \.screen, case: /Screen.detail, onStart: f.noting("life+"),
        onStop: f.noting("life-") + .nextAction(.stopped("life")))
    return Reducer<TopAction, Top, Void> { action, state, _ in
      switch action {
      case .open: state.holder = Holder()
      case .close: state.holder = nil
      case .holder: break
      }
      return .empty
    }
    .child(
      holder, state: \.holder, action: /TopAction.holder, environment: { _ in },
      onStart: f.noting("holder+"), onStop: f.noting("holder-"))
  }

  @Test func aCaseChildAnOptionalCaseChildAndALifetimeInsideAnOptionalChildStopWithIt() async {
    let f = Fixture()
    let received = EventLog<TopAction>()
    let actomaton = f.actomaton(
      state: Top(), reducer: Self.holderReducer(f),
      observer: ActomatonObserver(actionReceived: { action, _ in received.append(action) }))
    await actomaton.send(.open)
    await f.clock.advance()
    await actomaton.send(.holder(.detail(.work)))
    await actomaton.send(.holder(.sheet(.work)))
    await f.clock.advance()
    let started = f.entries
    #expect(started.first == "holder+")
    #expect(Set(started) == ["holder+", "detail+", "sheet+", "life+"])
    await actomaton.send(.close)
    await f.clock.advance()
    let stopped = Array(f.entries.dropFirst(started.count))
    #expect(stopped.last == "holder-")
    #expect(stopped.filter { $0 == "C work cancelled" }.count == 2)
    #expect(
      Set(stopped) == ["C work cancelled", "detail-", "sheet-", "life-", "holder-"]
        && stopped.count == 6)
    #expect(received.entries.last == .close)
    #expect(f.reported == [])
    #expect(await actomaton.liveEffectIDs.isEmpty)
  }

  // MARK: - Rows inside an optional child

  struct Row: Sendable, Equatable, Identifiable {
    let id: Int
    var detail: C? = C()
  }
  enum RowAction: Sendable, Equatable { case detail(CAction), detailStopped }
  struct Table: Sendable, Equatable { var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)] }
  enum TableAction: Sendable { case row((Int, RowAction)), rowStopped(Int), clear }
  struct Page: Sendable, Equatable { var table: Table? = nil }
  enum PageAction: Sendable { case table(TableAction), open, close }

  static func pageReducer(
    _ f: Fixture, rowOnStop: (@Sendable (Int) -> Effect<TableAction>)? = nil
  ) -> Reducer<PageAction, Page, Void> {
    let row = Reducer<RowAction, Row, Void> { _, _, _ in .empty }
      .child(
        cReducer(f), state: \.detail, action: /RowAction.detail, environment: { _ in },
        onStart: f.noting("detail+"), onStop: f.noting("detail-") + .nextAction(.detailStopped))
    let table = Reducer<TableAction, Table, Void> { action, state, _ in
      if case .clear = action { state.rows.removeAll { _ in true } }
      return .empty
    }
    .children(
      row, state: \.rows, action: /TableAction.row, environment: { _ in },
      onStart: { id in f.noting("row\(id)+") },
      onStop: rowOnStop ?? { id in f.noting("row\(id)-") + .nextAction(.rowStopped(id)) })
    return Reducer<PageAction, Page, Void> { action, state, _ in
      switch action {
      case .open: state.table = Table()
      case .close: state.table = nil
      case .table: break
      }
      return .empty
    }
    .child(
      table, state: \.table, action: /PageAction.table, environment: { _ in },
      onStart: f.noting("table+"), onStop: f.noting("table-"))
  }

  static func page(_ f: Fixture, _ reducer: Reducer<PageAction, Page, Void>)
    -> (Actomaton<PageAction, Page>, EventLog<String>)
  {
    let received = EventLog<String>()
    let actomaton = f.actomaton(
      state: Page(), reducer: reducer,
      observer: ActomatonObserver(actionReceived: { action, _ in received.append("\(action)") }))
    return (actomaton, received)
  }

  @Test func rowsInsideAnOptionalChildEachStopAfterTheChildInsideThem() async {
    let f = Fixture()
    let (actomaton, received) = Self.page(f, Self.pageReducer(f))
    await actomaton.send(.open)
    await f.clock.advance()
    #expect(f.entries == ["table+", "row1+", "row2+", "detail+", "detail+"])
    await actomaton.send(.table(.row((2, .detail(.work)))))
    await f.clock.advance()
    await actomaton.send(.close)
    await f.clock.advance()
    #expect(
      Array(f.entries.dropFirst(5)) == [
        "C work cancelled", "detail-", "row1-", "detail-", "row2-", "table-",
      ])
    #expect(received.entries.count == 3)
    #expect(f.reported == [])
    #expect(await actomaton.liveEffectIDs.isEmpty)
    // The rows come back with the table, and go with it once more.
    await actomaton.send(.open)
    await f.clock.advance()
    await actomaton.send(.close)
    await f.clock.advance()
    #expect(f.entries.filter { $0 == "detail-" }.count == 4)
    #expect(f.entries.filter { $0 == "row1-" }.count == 2)
  }

  /// The rows' onStops save under one `Oldest1SuspendNew` queue, so that two saves never
  /// overlap (spec rule 5).
  struct SaveQueue: Oldest1SuspendNewEffectQueueProtocol {}

  static func saving(_ f: Fixture) -> @Sendable (Int) -> Effect<TableAction> {
    { id in
      .fireAndForget(queue: SaveQueue()) {
        f.note("save\(id) begin")
        try await f.clock.sleep(for: .seconds(1))
        f.note("save\(id) end")
      }
    }
  }

  /// Runs the clock's sleepers until `done` holds (a queue's next effect starts through the
  /// actomaton, which a settled executor may not have seen yet).
  @Test func rowsRemovedWhileTheTableStaysSaveOneAtATime() async {
    let f = Fixture()
    let (actomaton, _) = Self.page(f, Self.pageReducer(f, rowOnStop: Self.saving(f)))
    await actomaton.send(.open)
    await actomaton.send(.table(.clear))
    await f.drive { f.entries.filter { $0.hasPrefix("save") }.count >= 4 }
    #expect(
      f.entries.filter { $0.hasPrefix("save") } == [
        "save1 begin", "save1 end", "save2 begin", "save2 end",
      ])
  }

  /// The rows' onStops keep their queue when they go with the table: one save at a time.
  @Test func rowsGoingWithTheTableStillSaveOneAtATime() async {
    let f = Fixture()
    let (actomaton, _) = Self.page(f, Self.pageReducer(f, rowOnStop: Self.saving(f)))
    await actomaton.send(.open)
    await actomaton.send(.close)
    await f.drive { f.entries.filter { $0.hasPrefix("save") }.count >= 4 }
    #expect(
      f.entries.filter { $0.hasPrefix("save") } == [
        "save1 begin", "save1 end", "save2 begin", "save2 end",
      ])
  }
}
