import Foundation
import TestSupport
import Testing
import TodoStorage

@testable import TodoStorageLive

@Suite struct LiveStorageTests {
  @Test func tenSavedItemsLoadBackInTheSameOrder() async throws {
    try await withTemporaryDirectory { directory in
      let items = TodoItem.numbered(10)
      try await TodoStorage.live(directory: directory).save(items)
      #expect(try await TodoStorage.live(directory: directory).load() == items)
    }
  }

  @Test func textsThatJSONMustEscapeReadBackAsWritten() async throws {
    try await withTemporaryDirectory { directory in
      let texts = [
        "a \"quote\" and a \\ backslash", "tab\tnew\nline\r\u{7}\u{0}\u{1F}", "🧪\u{2028}é", "",
      ]
      let items = texts.enumerated().map { TodoItem(id: UUID($0.offset + 1), text: $0.element) }
      try await TodoStorage.live(directory: directory).save(items)
      #expect(try await TodoStorage.live(directory: directory).load() == items)
      let data = try Data(contentsOf: directory.todosFile)
      let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect((json["items"] as? [[String: Any]])?.map { $0["text"] as? String } == texts)
      try await TodoStorage.live(directory: directory).save([])
      #expect(try await TodoStorage.live(directory: directory).load() == [])
    }
  }

  @Test func loadingBeforeAnySaveGivesAnEmptyListAndCreatesNothing() async throws {
    try await withTemporaryDirectory { directory in
      let missing = directory.appendingPathComponent("not/yet")
      let items = try await TodoStorage.live(directory: missing).load()
      #expect(items == [])
      #expect(directory.entries == [])
    }
  }

  @Test func savingCreatesMissingDirectories() async throws {
    try await withTemporaryDirectory { directory in
      let nested = directory.appendingPathComponent("a/b/gallery")
      try await TodoStorage.live(directory: nested).save(TodoItem.numbered(1))
      #expect(nested.entries == [TodoStorage.fileName])
    }
  }

  @Test func theFileHoldsTheFormatVersionAndTheItems() async throws {
    try await withTemporaryDirectory { directory in
      try await TodoStorage.live(directory: directory).save(TodoItem.numbered(2))
      let data = try Data(contentsOf: directory.todosFile)
      let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(json["version"] as? Int == 1)
      let items = try #require(json["items"] as? [[String: Any]])
      #expect(items.map { $0["text"] as? String } == ["Item 1 ✓ «quoted»", "Item 2 ✓ «quoted»"])
      #expect(items.first?["id"] as? String == "00000000-0000-0000-0000-000000000001")
      #expect(items.first?["isCompleted"] as? Bool == false)
    }
  }

  @Test func aSaveReplacesTheWholeListAndLeavesNoTemporaryFile() async throws {
    try await withTemporaryDirectory { directory in
      let storage = TodoStorage.live(directory: directory)
      try await storage.save(TodoItem.numbered(50))
      try await storage.save(TodoItem.numbered(2))
      try await storage.save([])
      #expect(try await storage.load() == [])
      try await storage.save(TodoItem.numbered(3))
      #expect(try await storage.load() == TodoItem.numbered(3))
      #expect(directory.entries == [TodoStorage.fileName])
    }
  }

  @Test func aTemporaryFileLeftByAKilledSaveIsIgnoredAndRemovedOnLoad() async throws {
    try await withTemporaryDirectory { directory in
      let storage = TodoStorage.live(directory: directory)
      try await storage.save(TodoItem.numbered(3))
      // NOTE: pid 999999999 is above Linux's largest pid, so its owner is surely gone.
      let stale = directory.appendingPathComponent("todos.json.tmp-999999999-0BADF00D")
      try Data("[{\"trunc".utf8).write(to: stale)
      let alive = directory.appendingPathComponent("todos.json.tmp-\(getppid())-A11FE000")
      try Data("in progress".utf8).write(to: alive)

      #expect(try await storage.load() == TodoItem.numbered(3))
      #expect(
        directory.entries == [TodoStorage.fileName, alive.lastPathComponent],
        "the stale file is gone; a file being written by a live process is left alone")
    }
  }

  @Test func aTemporaryFileOfALiveProcessIsRemovedOnlyOnceItIsOlderThanAMinute() async throws {
    try await withTemporaryDirectory { directory in
      let storage = TodoStorage.live(directory: directory)
      try await storage.save(TodoItem.numbered(1))
      // NOTE: the parent's pid is alive, as a pid reused after a killed save would be.
      let young = directory.appendingPathComponent("todos.json.tmp-\(getppid())-0000000A")
      let old = directory.appendingPathComponent("todos.json.tmp-\(getppid())-0000000B")
      try Data("[".utf8).write(to: young)
      try Data("[".utf8).write(to: old)
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: old.path)
      #expect(try await storage.load() == TodoItem.numbered(1))
      #expect(directory.entries == [TodoStorage.fileName, young.lastPathComponent])
    }
  }

  @Test func aCorruptFileIsMovedAsideWithATimestampAndTheErrorSaysWhere() async throws {
    try await withTemporaryDirectory { directory in
      let date = Date(timeIntervalSince1970: 1_704_164_645)  // 2024-01-02 03:04:05 UTC
      let storage = TodoStorage.live(directory: directory, now: { date })
      let garbage = Data("{\"version\": 1, \"items\": [{\"id\": ".utf8)
      try garbage.write(to: directory.todosFile)

      let movedTo = directory.appendingPathComponent("todos.json.corrupt-20240102T030405Z").path
      await #expect(throws: StorageError.corrupt(reason: "not valid JSON", movedTo: movedTo)) {
        try await storage.load()
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)
      #expect(try await storage.load() == [], "the list starts empty")
      try await storage.save(TodoItem.numbered(1))
      #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage, "never overwritten")

      try garbage.write(to: directory.todosFile)
      await #expect(throws: StorageError.corrupt(reason: "not valid JSON", movedTo: movedTo + "-2"))
      {
        try await storage.load()
      }
    }
  }

  @Test(arguments: [
    ("", "the file is empty"),
    ("[1, 2]", "unexpected value at the top level"),
    ("{\"items\": []}", "\"version\" is missing at the top level"),
    ("{\"version\": 0, \"items\": []}", "unknown format version 0"),
    (
      "{\"version\": 1, \"items\": [{\"id\": \"x\", \"text\": \"a\", \"isCompleted\": false}]}",
      "invalid value at items[0].id"
    ),
    (
      "{\"version\": 1, \"items\": [{\"id\": \"00000000-0000-0000-0000-000000000001\"}]}",
      "\"text\" is missing at items[0]"
    ),
  ])
  func aFileThatIsNotAListIsCorruptWithTheReason(contents: String, reason: String) async throws {
    try await withTemporaryDirectory { directory in
      try Data(contents.utf8).write(to: directory.todosFile)
      let storage = TodoStorage.live(directory: directory, now: { Date(timeIntervalSince1970: 0) })
      let movedTo = directory.appendingPathComponent("todos.json.corrupt-19700101T000000Z").path
      await #expect(throws: StorageError.corrupt(reason: reason, movedTo: movedTo)) {
        try await storage.load()
      }
    }
  }

  @Test func twoItemsWithOneIDAreCorrupt() async throws {
    try await withTemporaryDirectory { directory in
      let item = TodoItem(id: UUID(7), text: "twice")
      try await TodoStorage.live(directory: directory).save([item, item])
      let storage = TodoStorage.live(directory: directory, now: { Date(timeIntervalSince1970: 0) })
      let movedTo = directory.appendingPathComponent("todos.json.corrupt-19700101T000000Z").path
      let reason = "two items share the id 00000000-0000-0000-0000-000000000007"
      await #expect(throws: StorageError.corrupt(reason: reason, movedTo: movedTo)) {
        try await storage.load()
      }
    }
  }
}
