import ActomatonREPL
import Foundation
import GalleryApp
import Testing

/// A replay prints what each line showed, those that only show something (`state`, `help`,
/// `list`, the todo list's views) included, as the session printed it.
@Suite struct ReplayViewsTests {
  @Test func linesThatOnlyShowPrintInTheReplayAsInTheSession() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-views-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    let harness = Harness(recording: SessionRecording(file: file))
    let script = "list\nhelp\ncounter\n+\nstate\nhelp set\nstate\ntodo\nadd milk\nlist\nhelp +"
    let session = await harness.run(script)
    let console = BufferConsole()
    #expect(Replayer.run(file, console: console) == 0, "\(console.text)")
    let replay = console.text
    for command in ["list", "help", "state", "help set", "help +"] {
      let shown = Self.output(after: "> \(command)\n", in: session)
      #expect(!shown.isEmpty, "the session showed nothing for \(command)")
      for block in shown {
        #expect(replay.contains("> \(command)\n" + block), "\(command):\n\(block)\n\(replay)")
      }
    }
    // NOTE: the state as the replay has reached it, not as a file says it was.
    #expect(replay.contains("> state\ncounter state:\n  count: 1\n"), "\(replay)")
  }

  /// What the session printed after each occurrence of `prompt`, up to the next prompt.
  static func output(after prompt: String, in text: String) -> [String] {
    text.components(separatedBy: prompt).dropFirst().map {
      String($0.prefix { $0 != ">" })
    }
  }
}
