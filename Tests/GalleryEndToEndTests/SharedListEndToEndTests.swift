import ChildTest
import Foundation
import TestTraits
import Testing

/// Several `gallery` processes on one data directory, as in two terminals: every session's
/// changes end up in the list, by the merge rule, and none of them ever fails to save.
@Suite struct SharedListEndToEndTests {
  struct Item: Equatable, CustomStringConvertible {
    var text: String
    var isCompleted: Bool
    var description: String { "\(isCompleted ? "[x]" : "[ ]") \(text)" }
  }

  /// The list in the data directory's file, in order.
  static func saved(in directory: URL) throws -> [Item] {
    let data = try Data(contentsOf: directory.appendingPathComponent("todos.json"))
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let items = json?["items"] as? [[String: Any]] ?? []
    return items.map {
      Item(text: $0["text"] as? String ?? "", isCompleted: $0["isCompleted"] as? Bool ?? false)
    }
  }

  /// A session in its own process, with its list as last shown.
  final class Session: @unchecked Sendable {
    let app: PipedGallery
    private var marks = 0

    init(_ directory: URL) throws {
      app = try PipedGallery(["--data-dir", directory.path], input: .pipe)
    }

    /// Sends `lines`, then `wait` (the save delay and the save pass, blocked at the lock if it
    /// is held) when `waits`, and a mark whose refusal says the lines were read.
    func run(_ lines: [String], waits: Bool = true) async throws {
      marks += 1
      let mark = "mark-\(marks)"
      app.send((lines + (waits ? ["wait"] : []) + [mark]).map { $0 + "\n" }.joined())
      try await app.expect("Unknown command '\(mark)'")
    }

    /// The list the session showed last, before its last mark.
    var shown: [Item] {
      let text = app.text
      let end = text.range(of: "Unknown command 'mark-\(marks)'")!.lowerBound
      let head = text[..<end].range(of: " completed", options: .backwards)!.upperBound
      return text[head..<end].split(separator: "\n").compactMap { line -> Item? in
        guard let match = line.firstMatch(of: /^  \d+\. \[( |x)\] (.*)$/) else { return nil }
        return Item(text: String(match.output.2), isCompleted: match.output.1 == "x")
      }
    }

    /// The 1-based position of the item with `text` in the list shown last.
    func position(_ text: String) -> Int {
      (shown.firstIndex { $0.text == text } ?? 1_000) + 1
    }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux's /proc/locks"))
  func twoSessionsInterleavingChangesAndRacingSavesLoseNothing() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = try Session(directory)
    let b = try Session(directory)
    try await a.run(["todo"], waits: false)
    try await b.run(["todo"], waits: false)

    // Both sessions add while the other does; their saves wait together at the lock the test
    // holds, and race once it is released.
    var barrier = try ChildTest.FolderLock(directory)
    a.app.send("add a1\nadd a2\nadd a3\n")
    b.app.send("add b1\nadd b2\n")
    try await a.run(["wait"], waits: false)
    try await b.run(["wait"], waits: false)
    let pids: Set<Int32> = [a.app.process.processIdentifier, b.app.process.processIdentifier]
    #expect(try await ChildTest.waitUntilWaitingForALock(pids, within: .hangStop))
    barrier.release()
    try await a.run([])
    try await b.run([])
    #expect(try Self.saved(in: directory).map(\.text).sorted() == ["a1", "a2", "a3", "b1", "b2"])

    // One at a time: each session's save brings the other's changes in.
    try await a.run(["add a4"])
    try await b.run(["add b3"])
    try await a.run(["add a5"])
    #expect(a.shown.map(\.text).sorted() == ["a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3"])

    // Conflicting changes, saved at once again: A renames b1, ticks a1 off, deletes a2 and
    // renames a3; B ticks b1 off, renames a2 (deleted by A) and a3, deletes b2.
    barrier = try ChildTest.FolderLock(directory)
    try await a.run(
      ["edit \(a.position("b1")) b1 by A", "toggle \(a.position("a1"))"], waits: false)
    try await a.run(
      ["edit \(a.position("a3")) a3 by A", "delete \(a.position("a2"))"], waits: false)
    try await b.run(
      ["toggle \(b.position("b1"))", "edit \(b.position("a2")) a2 by B"], waits: false)
    try await b.run(
      ["edit \(b.position("a3")) a3 by B", "delete \(b.position("b2"))"], waits: false)
    a.app.send("wait\n")
    b.app.send("wait\n")
    #expect(try await ChildTest.waitUntilWaitingForALock(pids, within: .hangStop))
    let outputsBefore = (a.app.text.count, b.app.text.count)
    barrier.release()
    try await a.run([])
    try await b.run([])
    let final = try Self.saved(in: directory)
    // NOTE: both renamed a3: the later save wins, and it is the one that found the other's
    // changes on disk and said so.
    let aSavedLast = final.contains { $0.text == "a3 by A" }
    let later =
      aSavedLast ? a.app.text.dropFirst(outputsBefore.0) : b.app.text.dropFirst(outputsBefore.1)
    #expect(later.contains("todo list changed on disk: "), "\(later)")

    a.app.send("quit\n")
    b.app.send("quit\n")
    _ = try await a.app.waitForExit()
    _ = try await b.app.waitForExit()
    let expected = [
      Item(text: "a1", isCompleted: true),
      Item(text: "a2 by B", isCompleted: false),
      Item(text: aSavedLast ? "a3 by A" : "a3 by B", isCompleted: false),
      Item(text: "a4", isCompleted: false),
      Item(text: "a5", isCompleted: false),
      Item(text: "b1 by A", isCompleted: true),
      Item(text: "b3", isCompleted: false),
    ]
    #expect(try Self.saved(in: directory) == final, "quitting saved nothing new")
    #expect(final.sorted { $0.text < $1.text } == expected, "\(final)")
    for session in [a, b] {
      #expect(!session.app.text.contains("Not saved"), "\(session.app.text.suffix(2000))")
      #expect(!session.app.text.contains("could not be"), "\(session.app.text.suffix(2000))")
    }
  }

  @Test func aSessionShowsWhatAnotherSavedTheNextTimeItShowsTheList() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = try Session(directory)
    let b = try Session(directory)
    try await a.run(["todo"], waits: false)
    try await b.run(["todo", "add b1"])
    try await a.run(["add a1", "add a2"])
    try await b.run(["list"], waits: false)
    #expect(b.shown.map(\.text) == ["b1", "a1", "a2"])
    #expect(b.app.text.contains("todo list changed on disk: 2 added"), "\(b.app.text.suffix(500))")
    try await b.run(["list", "filter all", "counter", "todo"], waits: false)
    #expect(
      b.app.text.components(separatedBy: "changed on disk").count == 2,
      "the news is printed once: \(b.app.text.suffix(1500))")
    try await b.run(["toggle 2"])
    try await a.run(["list"], waits: false)
    #expect(
      a.shown == [
        Item(text: "b1", isCompleted: false), Item(text: "a1", isCompleted: true),
        Item(text: "a2", isCompleted: false),
      ])
    a.app.send("quit\n")
    b.app.send("quit\n")
    _ = try await a.app.waitForExit()
    _ = try await b.app.waitForExit()
  }

  @Test func tenSessionsAddingAHundredItemsEachKeepAThousand() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = try await withThrowingTaskGroup(of: GalleryProcess.Result.self) { group in
      for session in 1...10 {
        let script = "todo\n" + (1...100).map { "add s\(session) item \($0)\n" }.joined() + "quit\n"
        group.addTask {
          try await GalleryProcess.run(["--data-dir", directory.path], input: script)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for result in results {
      #expect(result.status == 0)
      #expect(!result.output.contains("Not saved"), "\(result.output.suffix(2000))")
      #expect(!result.errors.contains("error"), "\(result.errors)")
    }
    let texts = try Self.saved(in: directory).map(\.text)
    let expected = (1...10).flatMap { session in (1...100).map { "s\(session) item \($0)" } }
    let missing = Set(expected).subtracting(texts)
    #expect(texts.count == 1_000)
    #expect(missing.isEmpty, "\(missing.count) missing, such as \(missing.sorted().prefix(5))")
  }
}
