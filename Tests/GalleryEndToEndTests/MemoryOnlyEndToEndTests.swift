import Foundation
import Testing

/// A list the app may not save (its file is of a newer version) still reaches the person at
/// quit: listed to keep by hand, and counted as a failure by `--strict`.
@Suite struct MemoryOnlyEndToEndTests {
  @Test func itemsAddedToAMemoryOnlyListAreListedAtQuit() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json")
    let newer = #"{"version": 99, "items": []}"#
    try newer.write(to: file, atomically: true, encoding: .utf8)
    let result = try await GalleryProcess.run(
      ["--strict", "--data-dir", directory.path], input: "todo\nadd kept\nadd also\nquit\n")
    #expect(result.output.contains("Its 2 item(s), to keep by hand:\n  [ ] kept\n  [ ] also\n"))
    #expect(result.status == 1)
    #expect(try String(contentsOf: file, encoding: .utf8) == newer, "the file is left alone")
  }
}
