import Foundation
import Testing
import TodoStorage

@Suite struct TestValueTests {
  @Test func inMemoryStorageLoadsWhatWasLastSaved() async throws {
    let storage = TodoStorage.inMemory(TodoItem.numbered(2))
    #expect(try await storage.load() == TodoItem.numbered(2))
    try await storage.save(TodoItem.numbered(4))
    #expect(try await storage.load() == TodoItem.numbered(4))
  }
}
