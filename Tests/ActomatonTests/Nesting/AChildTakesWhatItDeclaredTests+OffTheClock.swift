import Actomaton
import Locking
import TestTraits
import Testing

/// Off the test clock, on the shared pool: a child inside a child (or inside a row) goes with
/// the one around it, and each one's `onStop` runs, as when each goes alone.
extension AChildTakesWhatItDeclaredTests {
  enum OffTheClock {
    struct Inner: Sendable, Equatable { var n = 0 }
    enum InnerAction: Sendable, Equatable { case bump }
    struct Outer: Sendable, Equatable { var inner: Inner? = Inner() }
    enum OuterAction: Sendable, Equatable { case inner(InnerAction), dropInner, innerStopped }
    struct Root: Sendable, Equatable { var outer: Outer? = nil }
    enum RootAction: Sendable, Equatable { case outer(OuterAction), open, close }

    static func reducer(_ log: EventLog<String>) -> Reducer<RootAction, Root, Void> {
      let inner = Reducer<InnerAction, Inner, Void> { _, state, _ in
        state.n += 1
        return .empty
      }
      let outer = Reducer<OuterAction, Outer, Void> { action, state, _ in
        if action == .dropInner { state.inner = nil }
        return .empty
      }
      .child(
        inner, state: \.inner, action: /OuterAction.inner, environment: { _ in },
        onStart: .fireAndForget { log.append("inner+") },
        onStop: .fireAndForget {
          await Task.yield()
          log.append(Task.isCancelled ? "inner- cancelled" : "inner-")
        } + .nextAction(.innerStopped))
      return Reducer<RootAction, Root, Void> { action, state, _ in
        switch action {
        case .open: state.outer = Outer()
        case .close: state.outer = nil
        case .outer: break
        }
        return .empty
      }
      .child(
        outer, state: \.outer, action: /RootAction.outer, environment: { _ in },
        onStart: .fireAndForget { log.append("outer+") },
        onStop: .fireAndForget { log.append("outer-") })
    }

    struct Row: Sendable, Equatable, Identifiable {
      let id: Int
      var detail: Inner? = Inner()
    }
    enum RowAction: Sendable, Equatable { case detail(InnerAction), detailClosed }
    struct Table: Sendable, Equatable { var rows: IdentifiedArray<Row> = [] }
    enum TableAction: Sendable { case row((Int, RowAction)), add(Int), remove(Int) }

    /// Rows of a list, each with a detail child that logs its start and stop.
    static func table(_ log: EventLog<String>) -> Reducer<TableAction, Table, Void> {
      let row = Reducer<RowAction, Row, Void> { _, _, _ in .empty }
        .child(
          Reducer<InnerAction, Inner, Void> { _, _, _ in .empty }, state: \.detail,
          action: /RowAction.detail, environment: { _ in },
          onStart: .fireAndForget { log.append("detail+") },
          onStop: .fireAndForget { log.append("detail-") }
            + .nextAction(.detailClosed))
      return Reducer<TableAction, Table, Void> { action, state, _ in
        switch action {
        case let .add(id): state.rows.append(Row(id: id))
        case let .remove(id): _ = state.rows.remove(id: id)
        case .row: break
        }
        return .empty
      }
      .children(row, state: \.rows, action: /TableAction.row, environment: { _ in })
    }
  }

  @Test func theInnerChildAloneStopsWithItsOnStop() async throws {
    let log = EventLog<String>()
    let actomaton = Actomaton(state: OffTheClock.Root(), reducer: OffTheClock.reducer(log))
    try await actomaton.send(.open)?.value
    try await actomaton.send(.outer(.dropInner))?.value
    #expect(log.entries.sorted() == ["inner+", "inner-", "outer+"])
  }

  @Test func theOuterChildGoingStopsTheInnerOneWithItsOnStop() async throws {
    let log = EventLog<String>()
    let actomaton = Actomaton(state: OffTheClock.Root(), reducer: OffTheClock.reducer(log))
    try await actomaton.send(.open)?.value
    try await actomaton.send(.close)?.value
    #expect(log.entries.sorted() == ["inner+", "inner-", "outer+", "outer-"])
  }

  @Test func aRemovedRowStopsTheChildInsideIt() async throws {
    let log = EventLog<String>()
    let actomaton = Actomaton(state: OffTheClock.Table(), reducer: OffTheClock.table(log))
    try await actomaton.send(.add(1))?.value
    try await actomaton.send(.add(2))?.value
    try await actomaton.send(.remove(1))?.value
    #expect(log.entries == ["detail+", "detail+", "detail-"])
  }
}
