import ActomatonTesting
import Foundation
import Testing
import TodoFeature
import TodoStorage

/// Reads and writes of the list never overlap, even when the screen is left and reopened while a
/// read is slow.
@Suite struct TodoExclusionTests {
  /// A storage whose first load stays inside, ignoring cancellation, until the test lets it go;
  /// it logs every read and write and notes any write that starts while a read is inside.
  final class SlowFirstLoad: Sendable {
    let log = Locked<[String]>([])
    let reading = Locked(0)
    let release = Locked<CheckedContinuation<Void, Never>?>(nil)
    let loads = Locked(0)

    var storage: TodoStorage {
      TodoStorage(
        load: { () throws(StorageError) in
          self.reading.withLock { $0 += 1 }
          let number = self.loads.withLock { loads in
            loads += 1
            return loads
          }
          if number == 1 {
            await withCheckedContinuation { continuation in
              self.release.withLock { $0 = continuation }
            }
          }
          self.reading.withLock { $0 -= 1 }
          self.log.withLock { $0.append("read") }
          return []
        },
        save: { items throws(StorageError) in
          let overlaps = self.reading.withLock { $0 } > 0
          self.log.withLock { $0.append(overlaps ? "write during a read" : "write \(items.count)") }
        })
    }
  }

  @Test func readsAndWritesAfterReopeningWaitForTheSlowReadToLeave() async {
    let clock = TestClock()
    let files = SlowFirstLoad()
    let store = TodoHostTests.hostStore(Todo.State(), storage: files.storage, clock: clock)
    await store.send(.show) { $0.screen = .todo }
    await store.receive(.todo(.onAppear)) { $0.todo.persistence = .loading }
    await store.send(.close) { $0.screen = nil }
    await store.receive(.todo(.onDisappear))
    await store.send(.show) { $0.screen = .todo }
    await store.receive(.todo(.onAppear))  // still loading: this read waits for the first
    #expect(files.log.withLock { $0 }.isEmpty, "no read ran beside the slow one")

    files.release.withLock { $0 }?.resume()
    await store.receive(.todo(.loadResponse(.success([])))) { $0.todo.persistence = .loaded }
    await store.receive(.todo(.loadResponse(.success([]))))  // loaded already: ignored
    await store.send(.todo(.add("milk"))) {
      $0.todo.items = [TodoItem(id: UUID(101), text: "milk")]
    }
    await store.send(.close) { $0.screen = nil }
    await store.receive(.todo(.onDisappear))
    await store.receive(where: {
      if case let .todo(action) = $0 { isSave(of: 1)(action) } else { false }
    })
    #expect(files.log.withLock { $0 } == ["read", "read", "write 1"])
    await store.finish()
  }
}
