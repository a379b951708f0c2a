import Foundation
import Testing

/// `--data-dir` as a shell user writes it.
@Suite struct DataDirectoryEndToEndTests {
  @Test func aTildeInTheDataDirectoryIsTheHOMEDirectory() async throws {
    let home = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try await GalleryProcess.run(
      ["--data-dir", "~/lists"], input: "todo\nadd kept\nquit\n",
      environment: ["HOME": home.path])
    #expect(result.status == 0)
    let file = home.appendingPathComponent("lists/todos.json")
    let saved = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    #expect(saved.contains("kept"), "the list is in $HOME/lists, not the password file's home")
  }
}
