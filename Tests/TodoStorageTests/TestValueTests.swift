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

  @Test func unimplementedStorageFailsLoudlyNamingTheCall() async {
    await #expect(throws: StorageError.unimplemented("TodoStorage.load")) {
      try await TodoStorage.unimplemented.load()
    }
    await #expect(throws: StorageError.unimplemented("TodoStorage.save")) {
      try await TodoStorage.unimplemented.save([])
    }
    #expect(
      StorageError.unimplemented("TodoStorage.save").description
        == "TodoStorage.save is unimplemented in this test.")
  }
}
