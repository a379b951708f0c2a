import ActomatonTesting
import Foundation
import Testing
import TodoFeature
import TodoStorage

/// Text and files from outside at their worst: nothing invisible becomes an item, and messages
/// say what happened.
@Suite struct TodoInputTests {
  typealias F = Fixture

  @Test(arguments: ["\u{200B}", " \u{200B}\u{FEFF} ", "\u{2060}\u{200D}", "\u{7}\u{1B}", "\u{AD}"])
  func textOfOnlyInvisibleCharactersIsRefused(_ text: String) async {
    let (store, _) = makeStore(Todo.State(items: [F.milk]))
    await store.send(.add(text)) { $0.refusal = "An item needs some text." }
    await store.send(.edit(position: 1, text: text)) { $0.refusal = "An item needs some text." }
    await store.finish()
  }

  @Test func textWithSomethingVisibleIsKeptAsTyped() async {
    let (store, _) = makeStore(Todo.State())
    await store.send(.add("\u{200B}tea")) {
      $0.items = [TodoItem(id: UUID(101), text: "\u{200B}tea")]
    }
    await store.finish()
  }

  @Test func aCorruptFileReadWhileItemsWereAddedDoesNotSayTheListIsEmpty() async throws {
    let corrupt = StorageError.corrupt(reason: "not valid JSON", movedTo: "/d/todos.json.bad")
    let clock = TestClock()
    let saved = TodoStorage.inMemory()
    let storage = TodoStorage.loadingLate(
      on: clock, answer: { () throws(StorageError) in throw corrupt }, save: saved.save)
    let (store, _) = makeStore(Todo.State(), storage: storage, clock: clock)
    let tea = TodoItem(id: UUID(101), text: "tea")
    await store.send(.onAppear) { $0.persistence = .loading }
    await store.send(.add("tea")) { $0.items = [tea] }
    await clock.advance(by: .seconds(1))
    await store.receive(.loadResponse(.failure(corrupt))) {
      $0.persistence = .loaded
      $0.failure = .load(corrupt)
    }
    #expect(
      store.state.failure?.description
        == "The saved list could not be read (not valid JSON); it was moved aside to "
        + "/d/todos.json.bad. Starting a new list.")
    await store.receiveDelayedSave(of: 1, clock: clock)
    #expect(try await saved.load() == [tea])
  }
}
