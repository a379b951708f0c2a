import ActomatonTesting
import TestTraits
import Testing

/// Declarations of children kept in stored properties away from the start of their parent's
/// state (an optional child, a field reached by `contramap(state:)`, one inside the other) are
/// asked at the right place: each subscription follows its own child.
extension AChildIsFoundWhereverItsStateIsStoredTests {
  struct Shelf: Equatable, Sendable {
    var label = "shelf"
    var first: Watch? = Watch()
    var second: Watch? = Watch()
  }

  enum ShelfAction: Equatable, Sendable {
    case first(WatchAction)
    case second(WatchAction)
  }

  struct Offset: Equatable, Sendable {
    var log: [String] = []
    var flag = false
    var shelf = Shelf()
    var watch: Watch? = Watch()
  }

  enum OffsetAction: Equatable, Sendable {
    case shelf(ShelfAction)
    case watch(WatchAction)
    case stopSecond
    case removeWatch
  }

  static func root(_ clock: TestClock) -> Reducer<OffsetAction, Offset, Void> {
    let watch = Watch.reducer(clock)
    let shelf = Reducer<ShelfAction, Shelf, Void>.empty
      .child(watch, state: \.first, action: /ShelfAction.first, environment: { _ in })
      .child(watch, state: \.second, action: /ShelfAction.second, environment: { _ in })
    let parent = Reducer<OffsetAction, Offset, Void> { action, state, _ in
      switch action {
      case .stopSecond: state.shelf.second?.isRunning = false
      case .removeWatch: state.watch = nil
      case .shelf, .watch: break
      }
      return .empty
    }
    return parent.child(watch, state: \.watch, action: /OffsetAction.watch, environment: { _ in })
      + shelf.contramap(state: \Offset.shelf).contramap(action: /OffsetAction.shelf)
  }

  @Test func eachChildsSubscriptionFollowsItsOwnState() async {
    let clock = TestClock()
    let actomaton = Actomaton(state: Offset(), reducer: Self.root(clock))
    await actomaton.send(.shelf(.second(.start)))
    #expect(await actomaton.state.shelf.second?.isRunning == true)
    #expect(await actomaton.liveEffectIDs.count == 1)
    await actomaton.send(.watch(.start))
    #expect(await actomaton.liveEffectIDs.count == 2)
    await actomaton.send(.stopSecond)
    #expect(await actomaton.liveEffectIDs.count == 1)
    await actomaton.send(.shelf(.first(.start)))
    #expect(await actomaton.liveEffectIDs.count == 2)
    await actomaton.send(.removeWatch)
    #expect(await actomaton.liveEffectIDs.count == 1)
    #expect(await actomaton.state.shelf.first?.isRunning == true)
  }
}
