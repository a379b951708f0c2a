import Foundation
import LineEditor
import Testing

@testable import ActomatonREPL
@testable import GalleryApp

/// Two sessions typing at once, each with the history it loaded at start: the file keeps both
/// sessions' lines, in the order they were typed, and stays within its bound.
@Suite struct HistoryMergeTests {
  func withHistoryFile(_ body: (HistoryFile) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-merge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(HistoryFile(url: directory.appendingPathComponent("history")))
  }

  @Test func twoSessionsTypingAtOnceKeepBothSessionsLines() throws {
    try withHistoryFile { file in
      try file.save(["earlier"])
      var a = file.load()
      var b = file.load()
      let keepA = LineReader.keeping(in: file) { Issue.record("\($0)") }
      let keepB = LineReader.keeping(in: file) { Issue.record("\($0)") }
      for (session, line) in [("a", "counter"), ("b", "todo"), ("a", "+"), ("b", "add milk")] {
        if session == "a" {
          a.add(line)
          keepA(a.entries)
        } else {
          b.add(line)
          keepB(b.entries)
        }
      }
      #expect(file.load().entries == ["earlier", "counter", "todo", "+", "add milk"])
    }
  }

  @Test func appendsFromManyThreadsAreAllKept() async throws {
    try withHistoryFile { file in
      DispatchQueue.concurrentPerform(iterations: 4) { session in
        for line in 1...100 { try? file.append("s\(session) \(line)") }
      }
      let entries = file.load().entries
      #expect(entries.count == 400)
      for session in 0..<4 {
        let own = entries.filter { $0.hasPrefix("s\(session) ") }
        #expect(own == (1...100).map { "s\(session) \($0)" }, "each session's lines, in order")
      }
    }
  }

  @Test func theFileIsTrimmedToTheLimitAsItGrows() throws {
    try withHistoryFile { file in
      for line in 1...40 { try file.append("line \(line)", limit: 10) }
      let lines = try String(contentsOf: file.url, encoding: .utf8).split(separator: "\n")
      #expect(lines.count <= 15, "rewritten once past half as many again as the limit")
      #expect(file.load(limit: 10).entries == (31...40).map { "line \($0)" })
    }
  }
}
