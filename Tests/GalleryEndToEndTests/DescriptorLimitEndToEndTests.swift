import Foundation
import TestTraits
import Testing

/// A `gallery` started under a low descriptor limit (`ulimit -n`): it raises the soft limit and
/// keeps every line typed, or, when the hard limit is too low, refuses at once, saying why.
@Suite(.hangGuard) struct DescriptorLimitEndToEndTests {
  func withDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  @Test func aLowSoftLimitIsRaisedAndEveryItemIsSaved() async throws {
    try await withDirectory { directory in
      let app = try PipedGallery(
        ["--data-dir", directory.path], input: .pipe, withErrors: true,
        shellSetup: "ulimit -S -n 6")
      app.send("todo\nadd first\nadd second\nwait 1\nlist\nquit\n")
      let (reason, status) = try await app.waitForExit()
      #expect(reason == .exit && status == 0, "\(reason), \(status): \(app.text.suffix(400))")
      let saved =
        (try? String(contentsOf: directory.appendingPathComponent("todos.json"), encoding: .utf8))
        ?? ""
      #expect(saved.contains("first") && saved.contains("second"), "\(saved)")
    }
  }

  @Test func aLowHardLimitIsRefusedBeforeAnythingIsRead() async throws {
    try await withDirectory { directory in
      let app = try PipedGallery(
        ["--data-dir", directory.path], input: .pipe, withErrors: true,
        shellSetup: "ulimit -n 8")
      app.send("todo\nadd first\n")
      let (reason, status) = try await app.waitForExit()
      #expect(reason == .exit && status == 2, "\(reason), \(status): \(app.text.suffix(400))")
      #expect(
        app.text.contains(
          "gallery: only 8 files may be open at once (ulimit -n, hard limit 8); gallery needs 32:"
            + " raise it with 'ulimit -n 32'"), "\(app.text)")
      #expect(!app.text.contains("Actomaton Gallery"), "refused before the banner")
    }
  }
}
