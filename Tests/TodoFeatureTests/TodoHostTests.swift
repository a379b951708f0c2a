import ActomatonTesting
import Foundation
import TestSupport
import Testing
import TodoFeature
import TodoStorage
import TodoStorageLive

/// The feature inside a host that shows and closes its screen, and on the real file.
@Suite struct TodoHostTests {
  enum Screen: Equatable, Sendable { case todo }

  /// The list lives in the host for good; only the screen comes and goes.
  struct HostState: Equatable, Sendable {
    var todo: Todo.State
    var screen: Screen?
  }

  enum Host: Equatable, Sendable {
    case todo(Todo.Action)
    case show, close
  }

  static let own = Reducer<Host, HostState, Todo.Environment> { action, state, _ in
    switch action {
    case .show: state.screen = .todo
    case .close: state.screen = nil
    case .todo: break
    }
    return .empty
  }

  static let host: Reducer<Host, HostState, Todo.Environment> = {
    let shown = CasePath<Screen?, Void>(embed: { .todo }, extract: { $0 == .todo ? () : nil })
    let todo = Todo.reducer.contramap(action: /Host.todo).contramap(state: \HostState.todo)
    let screen = own.lifetime(
      state: \.screen, case: shown, onStart: .nextAction(.todo(.onAppear)),
      onStop: .nextAction(.todo(.onDisappear)))
    return screen + todo
  }()

  static func hostStore(
    _ state: Todo.State, storage: TodoStorage, clock: TestClock
  ) -> TestStore<Host, HostState> {
    TestStore(
      initialState: HostState(todo: state), reducer: host,
      environment: environment(clock, storage: storage),
      clock: clock)
  }

  @Test func closingTheScreenWritesAPendingChangeNowAndTheAnswerReachesTheList() async throws {
    let clock = TestClock()
    let saved = TodoStorage.inMemory()
    let store = Self.hostStore(Todo.State(persistence: .loaded), storage: saved, clock: clock)
    await store.send(.show) { $0.screen = .todo }
    await store.receive(.todo(.onAppear))
    await store.send(.todo(.add("milk"))) {
      $0.todo.items = [TodoItem(id: UUID(101), text: "milk")]
    }
    await store.send(.close) { $0.screen = nil }
    await store.receive(.todo(.onDisappear))
    await store.receive(where: {
      if case let .todo(action) = $0 { isSave(of: 1)(action) } else { false }
    })
    #expect(try await saved.load() == [TodoItem(id: UUID(101), text: "milk")])
    await clock.advance(by: .seconds(5))
    await store.finish()  // the delayed save was cancelled: nothing more arrives
  }

  @Test func closingTheScreenAnswersAPendingQuestionNo() async throws {
    let clock = TestClock()
    let saved = TodoStorage.inMemory(Fixture.items)
    let state = Todo.State(items: Fixture.items, persistence: .loaded)
    let store = Self.hostStore(state, storage: saved, clock: clock)
    await store.send(.show) { $0.screen = .todo }
    await store.receive(.todo(.onAppear))
    await store.send(.todo(.clearCompleted)) {
      $0.todo.confirmation = TodoConfirmationTests.question
    }
    await store.send(.close) { $0.screen = nil }
    await store.receive(.todo(.onDisappear)) { $0.todo.confirmation = nil }
    await store.receive(where: {
      if case let .todo(action) = $0 { isSave(of: 5)(action) } else { false }
    })
    await store.send(.show) { $0.screen = .todo }
    await store.receive(.todo(.onAppear))  // no question: a `y` now is a line like any other
    await store.send(.todo(.answer(.yes)))
    #expect(try await saved.load() == Fixture.items, "nothing was deleted")
    await store.finish()
  }

  @Test func aLoadInFlightWhenTheScreenClosesStillFillsTheList() async {
    let clock = TestClock()
    let saved = TodoStorage.inMemory([Fixture.milk])
    let slowLoad = TodoStorage.loadingLate(on: clock, answer: saved.load)
    let store = Self.hostStore(Todo.State(), storage: slowLoad, clock: clock)
    await store.send(.show) { $0.screen = .todo }
    await store.receive(.todo(.onAppear)) { $0.todo.persistence = .loading }
    await store.send(.close) { $0.screen = nil }
    await store.receive(.todo(.onDisappear))  // nothing to write: the list is not loaded yet
    await clock.advance(by: .seconds(1))
    await store.receive(.todo(.loadResponse(.success([Fixture.milk])))) {
      $0.todo.items = [Fixture.milk]
      $0.todo.persistence = .loaded
    }
    await store.send(.show) { $0.screen = .todo }
    await store.receive(.todo(.onAppear))  // loaded already: shown as it is
    await store.finish()
  }

  @Test func tenItemsSurviveARestartInTheSameOrder() async throws {
    try await withTemporaryDirectory { directory in
      let first = makeStore(Todo.State(), storage: .live(directory: directory)).0
      await first.send(.onAppear) { $0.persistence = .loading }
      await first.receive(.loadResponse(.success([]))) { $0.persistence = .loaded }
      let items = (1...10).map { TodoItem(id: UUID(100 + $0), text: "task \($0)") }
      for item in items {
        await first.send(.add(item.text)) { $0.items.append(item) }
      }
      await first.send(.toggle(position: 4)) { $0.items[3].isCompleted = true }
      await first.send(.flush)  // as the host does before it exits
      await first.receive(where: isSave(of: 10))
      await first.finish()

      let second = makeStore(Todo.State(), storage: .live(directory: directory)).0
      await second.send(.onAppear) { $0.persistence = .loading }
      await second.receive(.loadResponse(.success(first.state.items))) {
        $0.items = first.state.items
        $0.persistence = .loaded
      }
      #expect(second.state.items.map(\.text) == items.map(\.text))
      await second.finish()
    }
  }

  @Test func aHundredQuickEditsWriteTheFileAFewTimesAndItEndsWithTheLastState() async throws {
    try await withTemporaryDirectory { directory in
      let log = SaveLog()
      let (store, clock) = makeStore(Todo.State(), storage: log.wrap(.live(directory: directory)))
      store.exhaustivity = .off
      await store.send(.onAppear)
      for number in 1...100 {  // one edit every 20 ms: adds, toggles and renames
        switch number % 3 {
        case 0: await store.send(.toggle(position: number / 3))
        case 1: await store.send(.add("task \(number)"))
        default: await store.send(.edit(position: 1, text: "first, edited \(number) times"))
        }
        await clock.advance(by: .milliseconds(20))
      }
      await clock.advance(by: .seconds(1))
      await store.skipReceivedActions()
      #expect(log.count == 4, "one write per 500 ms of editing, not one per edit")
      let onDisk = try await TodoStorage.live(directory: directory).load()
      #expect(onDisk == store.state.items && onDisk.count == 34)
      #expect(onDisk.first?.text == "first, edited 98 times")
    }
  }
}
