import ActomatonTesting
import AppRoot
import CounterFeature
import Foundation
import GitHubSearchFeature
import StateDiagramFeature
import StopwatchFeature
import TestSupport
import Testing
import TodoFeature
import TodoStorage

@Suite struct RootTests {
  /// A storage that records every list saved.
  final class SavedLists: Sendable {
    let lists = Locked<[[TodoItem]]>([])
    var storage: TodoStorage {
      TodoStorage(load: { [] }, save: { items in self.lists.withLock { $0.append(items) } })
    }
    var last: [String]? { lists.withLock { $0.last?.map(\.text) } }
  }

  /// Ticks, auth requests and the save delay take 1 s; GitHub answers with its mock page.
  static func environment(clock: TestClock, saved: SavedLists = SavedLists()) -> Root.Environment {
    var environment = Root.Environment.test(clock: clock)
    environment.stopwatch.tickInterval = .seconds(1)
    environment.stateDiagram.auth = .simulated(clock: clock, latency: .seconds(1))
    environment.todo.storage = saved.storage
    environment.todo.saveDelay = .seconds(1)
    environment.gitHubSearch.client = .mock()
    return environment
  }

  static func store(clock: TestClock, saved: SavedLists = SavedLists())
    -> TestStore<Root.Action, Root.State>
  {
    TestStore(
      initialState: Root.State(), reducer: Root.reducer,
      environment: environment(clock: clock, saved: saved), clock: clock)
  }

  @Test func actionsReachOnlyTheCurrentScreen() async {
    let clock = TestClock()
    let store = Self.store(clock: clock)
    await store.send(.changeCurrent(.counter(.init())))
    await store.receive(._show(.counter(.init()))) { $0.screen = .counter(.init()) }
    await store.send(.counter(.increment)) { $0.screen = .counter(.init(count: 1)) }
    await store.send(.stopwatch(.start))  // not shown: dropped (and reported), nothing changes
    await store.send(.stateDiagram(.login(userID: "ann")))
    #expect(store.state.screen == .counter(.init(count: 1)))
    await store.finish()
  }

  @Test func leavingTheStopwatchCancelsItsTicks() async {
    let clock = TestClock()
    let store = Self.store(clock: clock)
    store.exhaustivity = .off
    await store.send(.changeCurrent(.stopwatch(.init())))
    await store.send(.stopwatch(.start))
    await clock.advance(by: .seconds(2))
    await store.receive(.stopwatch(._tick))
    await store.skipReceivedActions()
    await store.send(.changeCurrent(.counter(.init())))
    await store.skipReceivedActions()
    store.exhaustivity = .on
    await clock.advance(by: .seconds(10))
    await store.finish()  // no tick arrives and no effect is left running
    #expect(store.state.screen == .counter(.init()))
  }

  /// Leaving the state diagram or GitHub cancels its request in flight: no answer arrives.
  @Test(arguments: [
    (Root.State.Screen.stateDiagram(.init()), Root.Action.stateDiagram(.login(userID: "ann"))),
    (.gitHubSearch(.init()), .gitHubSearch(.search("swift"))),
  ])
  func leavingCancelsARequestInFlight(_ screen: Root.State.Screen, _ action: Root.Action) async {
    let clock = TestClock()
    let store = Self.store(clock: clock)
    store.exhaustivity = .off
    await store.send(.changeCurrent(screen))
    await store.send(action)
    await store.send(.changeCurrent(nil))
    await store.skipReceivedActions()
    store.exhaustivity = .on
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.screen == nil)
  }

  @Test func leavingTodoFlushesThePendingSaveInsteadOfCancellingIt() async {
    let clock = TestClock()
    let saved = SavedLists()
    let store = Self.store(clock: clock, saved: saved)
    store.exhaustivity = .off
    await store.send(.changeCurrent(.todo))
    await store.send(.todo(.add("buy milk")))
    await store.send(.todo(.add("call mom")))
    #expect(saved.last == nil, "the save waits for its delay")
    await store.send(.changeCurrent(.counter(.init())))
    #expect(saved.last == ["buy milk", "call mom"])
    await clock.advance(by: .seconds(5))
    #expect(saved.lists.withLock { $0.count } == 1, "the cancelled timer does not save again")
    await store.finish()
  }

  @Test func leavingTodoAnswersItsPendingQuestionNo() async {
    let clock = TestClock()
    let store = Self.store(clock: clock)
    store.exhaustivity = .off
    await store.send(.changeCurrent(.todo))
    await store.send(.todo(.add("tea")))
    await store.send(.todo(.toggle(position: 1)))
    await store.send(.todo(.clearCompleted))
    #expect(store.state.todo.confirmation != nil)
    await store.send(.changeCurrent(.counter(.init())))
    await store.send(.changeCurrent(.todo))
    await store.skipReceivedActions()
    #expect(store.state.todo.confirmation == nil, "the reopened screen asks nothing")
    #expect(store.state.todo.items.map(\.text) == ["tea"], "and nothing was deleted")
    await store.finish()
  }

  @Test func reopeningTodoRightAfterLeavingShowsWhatTheFlushWrote() async {
    let clock = TestClock()
    let file = Locked<[TodoItem]>([])
    let slowDisk = TodoStorage(
      load: { file.withLock { $0 } },
      save: { items in
        try? await clock.sleep(for: .seconds(1))
        file.withLock { $0 = items }
      })
    var environment = Self.environment(clock: clock)
    environment.todo.storage = slowDisk
    let store = TestStore(
      initialState: Root.State(), reducer: Root.reducer, environment: environment, clock: clock,
      exhaustivity: .off)
    await store.send(.changeCurrent(.todo))
    await store.send(.todo(.add("buy milk")))
    await store.send(.changeCurrent(.counter(.init())))  // the flush is writing, slowly
    await store.send(.changeCurrent(.todo))  // reopened before the write finished
    await clock.advance(by: .seconds(2))
    await store.skipReceivedActions()
    guard store.state.screen == .todo else {
      Issue.record("todo is not shown")
      return
    }
    let todo = store.state.todo
    #expect(todo.items.map(\.text) == ["buy milk"])
    await store.finish()
  }
}
