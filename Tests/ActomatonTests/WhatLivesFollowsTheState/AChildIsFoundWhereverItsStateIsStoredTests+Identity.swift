import ActomatonTesting
import TestTraits
import Testing

/// Identity at an offset, flips within one send, and lists behind stored and computed paths.
extension AChildIsFoundWhereverItsStateIsStoredTests {
  // MARK: - Identity, flips within one send, and work fed back by a child that went

  struct NotedItem: Equatable, Sendable, Identifiable {
    let id: Int
    var notes = 0
  }

  enum ItemAction: Equatable, Sendable { case appeared, hold, note, workThenGone }
  struct ItemState: Sendable {
    var pad: UInt8 = 0, flag = true, item: NotedItem? = nil, log: [String] = []
  }
  enum ItemRootAction: Equatable, Sendable {
    case item(ItemAction), put(Int), swap(Int), logged(String)
  }

  /// Fails if a new id at an offset is not seen as a new child, if a nil between two values in
  /// one send is missed (the nil, then id 4), or if the gone child's fed-back note reaches its successor.
  @Test func anIdentifiableChildReplacedOrFlippedWithinOneSendIsANewChild() async throws {
    let clock = TestClock()
    let item = Reducer<ItemAction, NotedItem, Void> { action, state, _ in
      switch action {
      case .hold: return clock.forever()
      case .note: state.notes += 1
      case .workThenGone: return .run { send in await send(.note) }
      case .appeared: break
      }
      return .empty
    }
    let parent = Reducer<ItemRootAction, ItemState, Void> { action, state, _ in
      switch action {
      case .item(.appeared): state.log.append("start \(state.item?.id ?? -1)")
      case .item(.workThenGone):
        state.item = nil
        return .nextAction(.put(4))
      case let .put(id), let .swap(id): state.item = NotedItem(id: id)
      case let .logged(line): state.log.append(line)
      case .item: break
      }
      return .empty
    }
    let reducer = parent.child(
      item, state: \.item, action: /ItemRootAction.item, environment: { _ in },
      onStart: .nextAction(.appeared), onStop: .nextAction(.logged("stop")))
    let actomaton = Actomaton(state: ItemState(), reducer: reducer)
    await actomaton.send(.put(1))
    await actomaton.send(.item(.hold))
    #expect(await Self.scoped(actomaton).count == 1)
    await actomaton.send(.swap(2))
    #expect(await Self.scoped(actomaton).isEmpty)
    await actomaton.send(.item(.hold))
    try await actomaton.send(.item(.workThenGone), tracksFeedbacks: true)?.value
    #expect(await actomaton.state.item == NotedItem(id: 4))
    #expect(await Self.scoped(actomaton).isEmpty)
    #expect(await actomaton.state.log == ["start 1", "stop", "start 2", "stop", "start 4"])
  }

  // MARK: - Lists: a stored one at an offset and a computed one; removal and re-adding

  struct Row: Equatable, Sendable, Identifiable { let id: Int, on: Bool }
  struct ListState: Sendable {
    var pad: UInt8 = 0, stored: IdentifiedArray<Row> = [], backing: IdentifiedArray<Row> = []
    var computed: IdentifiedArray<Row> {
      get { backing }
      set { backing = newValue }
    }
  }
  enum ListAction: Equatable, Sendable { case row(Int, Tick), add(Int), remove(Int), bounce(Int) }

  /// Fails if the list is read at the wrong place, if a removed id's subscription survives or
  /// a re-added one inherits it, or if an element removed and re-added in one action restarts.
  @Test(arguments: [false, true]) func elementsOfAListFollowTheirIDs(computed: Bool) async {
    let clock = TestClock()
    let path: WritableKeyPath<ListState, IdentifiedArray<Row>> = computed ? \.computed : \.stored
    let row = Self.ticker(
      clock, key: { (row: Row) in row.on ? "\(row.id)" : nil },
      set: { $0 = Row(id: $0.id, on: $1 == .start) })
    let parent = Reducer<ListAction, ListState, Void> { action, state, _ in
      func edit(_ body: (inout IdentifiedArray<Row>) -> Void) {
        computed ? body(&state.computed) : body(&state.stored)
      }
      switch action {
      case let .add(id): edit { $0.append(Row(id: id, on: false)) }
      case let .remove(id): edit { _ = $0.remove(id: id) }
      case let .bounce(id): edit { list in list.remove(id: id).map { list.append($0) } }
      case .row: break
      }
      return .empty
    }
    let reducer = parent.children(row, state: path, action: /ListAction.row, environment: { _ in })
    let actomaton = Actomaton(state: ListState(), reducer: reducer)
    for id in 1...3 { await actomaton.send(.add(id)) }
    for id in 1...3 { await actomaton.send(.row(id, .start)) }
    #expect(await Self.keys(actomaton) == ["1", "2", "3"])
    await actomaton.send(.remove(2))
    await actomaton.send(.add(2))
    #expect(await Self.keys(actomaton) == ["1", "3"])
    let before = await Self.scoped(actomaton)
    await actomaton.send(.bounce(3))
    #expect(await Self.scoped(actomaton) == before)
    await actomaton.send(.row(2, .start))
    #expect(await Self.keys(actomaton) == ["1", "2", "3"])
    for id in 1...3 { await actomaton.send(.remove(id)) }
    #expect(await Self.scoped(actomaton).isEmpty)
  }

}
