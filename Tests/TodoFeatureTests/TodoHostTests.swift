import ActomatonTesting
import Foundation
import TestSupport
import Testing
import TodoFeature
import TodoStorage
import TodoStorageLive

/// The feature inside a host that closes its screen, and on the real file.
@Suite struct TodoHostTests {
  enum Host: Equatable, Sendable {
    case todo(Todo.Action)
    case close
  }

  static let host = Reducer<Host, Todo.State, Todo.Environment> { action, state, environment in
    switch action {
    case let .todo(action): Todo.reducer.run(action, &state, environment).map(Host.todo)
    case .close: Todo.closeEffects.map(Host.todo)
    }
  }

  static func hostStore(
    _ state: Todo.State, storage: TodoStorage, clock: TestClock
  ) -> TestStore<Host, Todo.State> {
    TestStore(
      initialState: state, reducer: host,
      environment: environment(clock, storage: storage),
      clock: clock)
  }

  @Test func closeEffectsWritesAPendingChangeNowInsteadOfDroppingIt() async throws {
    let clock = TestClock()
    let saved = TodoStorage.inMemory()
    let store = Self.hostStore(Todo.State(persistence: .loaded), storage: saved, clock: clock)
    await store.send(.todo(.add("milk"))) { $0.items = [TodoItem(id: UUID(101), text: "milk")] }
    await store.send(.close)
    await store.receive(.todo(.flush))
    await store.receive(.todo(.saveResponse(.success(1))))
    #expect(try await saved.load() == [TodoItem(id: UUID(101), text: "milk")])
    await clock.advance(by: .seconds(5))
    await store.finish()  // the delayed save was cancelled: nothing more arrives
  }

  @Test func closeEffectsStopsALoadInFlightAndReopeningLoadsAgain() async {
    let clock = TestClock()
    let saved = TodoStorage.inMemory([Fixture.milk])
    let slowLoad = TodoStorage(
      load: { () throws(StorageError) in
        try? await clock.sleep(for: .seconds(1))
        return try await saved.load()
      },
      save: TodoStorage.unimplemented.save)
    let store = Self.hostStore(Todo.State(), storage: slowLoad, clock: clock)
    await store.send(.todo(.onAppear)) { $0.persistence = .loading }
    await store.send(.close)
    await store.receive(.todo(.flush))  // nothing to write: the list was never loaded
    await clock.advance(by: .seconds(5))
    await store.send(.todo(.onAppear))
    await clock.advance(by: .seconds(1))
    await store.receive(.todo(.loadResponse(.success([Fixture.milk])))) {
      $0.items = [Fixture.milk]
      $0.persistence = .loaded
    }
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
      await first.receive(.saveResponse(.success(10)))
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
