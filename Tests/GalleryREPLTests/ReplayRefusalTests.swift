import ActomatonREPL
import ActomatonRecording
import AppRoot
import Foundation
import GalleryApp
import Testing

/// A recording the gallery cannot have written is refused before anything is replayed.
@Suite struct ReplayRefusalTests {
  @Test func aNoteLongerThanACommandLineIsRefusedWithItsPlace() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("long-note-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    let recorder = Recorder<Root.Action, Root.State>(
      initialState: Root.State(), sinks: [JSONLinesFileSink(url: file)])
    recorder.note("counter")
    recorder.note(String(repeating: "x", count: Engine.maxLineLength + 1))
    recorder.close()
    let console = BufferConsole()
    #expect(Replayer.run(file, console: console) == 1)
    #expect(
      console.text
        == "error: \(file.path): the note before entry 0 is 65537 bytes long, but a command line "
        + "is at most 65536 bytes; nothing was replayed\n")
  }
}
