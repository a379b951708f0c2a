import Foundation
import TestTraits
import Testing

/// Recordings crafted by hand (they come with bug reports): a damaged one is refused with its
/// place, never a crash.
@Suite(.hangGuard) struct CraftedRecordingEndToEndTests {
  /// The header line and a first entry of a real recording, recorded offline.
  static func recordedLines(in folder: URL) async throws -> (header: String, entry: String) {
    let file = folder.appendingPathComponent("session.jsonl")
    let session = try await GalleryProcess.run(
      ["--offline", "--data-dir", folder.path, "--record", file.path], input: "counter\n+\n",
      environment: ["XDG_STATE_HOME": folder.path])
    #expect(session.status == 0, "\(session.errors)")
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    let entry = try #require(lines.first { $0.contains(#""kind":"entry""#) })
    return (String(lines[0]), String(entry))
  }

  /// Entry indices at the ends of `Int` trapped (SIGILL) on the index before or after them.
  @Test func entryIndicesAtTheEndsOfIntAreDamageWithTheirLine() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (header, entry) = try await Self.recordedLines(in: folder)
    func entryLine(at index: Int) -> String {
      entry.replacing(#/"index":\d+/#, with: "\"index\":\(index)")
    }
    let state = try #require(header.firstMatch(of: #/"state":(\{.*\})\}$/#)?.output.1)
    let checkpoint = #"{"kind":"checkpoint","index":"# + "\(Int.max - 1),\"state\":\(state)}"
    let crafted = [
      ("first.jsonl", [header, entryLine(at: Int.min)], 2, Int.min),
      (
        "last.jsonl",
        [header, checkpoint, entryLine(at: Int.max), #"{"kind":"trailer","entries":0,"lost":0}"#],
        3,
        Int.max
      ),
    ]
    for (name, lines, line, index) in crafted {
      let file = folder.appendingPathComponent(name)
      try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
      let replay = try await GalleryProcess.run(["--replay", file.path], input: "")
      #expect(replay.status == 1, "\(name): \(replay.output)\(replay.errors)")
      #expect(
        replay.output.contains(
          "is damaged at line \(line): entry index \(index) is out of range; expected 0 to "
            + "\(Int.max - 1); nothing after it was replayed"), "\(name): \(replay.output)")
    }
  }

  /// A stopwatch started at the earliest time a `Duration` holds and lapped at the latest:
  /// the lap's time overflowed (SIGILL), and so did showing a time past `Int64.max` seconds.
  @Test func stopwatchTimesAtTheEndsOfDurationReplayWithoutATrap() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("session.jsonl")
    let session = try await GalleryProcess.run(
      ["--offline", "--data-dir", folder.path, "--record", file.path],
      input: "stopwatch\nstart\nlap\nstop\n", environment: ["XDG_STATE_HOME": folder.path])
    #expect(session.status == 0, "\(session.errors)")
    var times = [#"[-9223372036854775808,0]"#, #"[9223372036854775807,0]"#][...]
    // NOTE: without its checkpoints and trailer, so nothing but the times tells it apart.
    let crafted = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
      .filter { !$0.contains(#""kind":"checkpoint""#) && !$0.contains(#""kind":"trailer""#) }
      .map { line in
        guard line.contains(#""text":"stopwatch.now""#), let time = times.popFirst() else {
          return String(line)
        }
        return String(line.replacing(#/"value":"\[[^\]]*\]"/#, with: "\"value\":\"\(time)\""))
      }
    #expect(times.isEmpty, "both times were replaced")
    try (crafted.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    let replay = try await GalleryProcess.run(["--replay", file.path], input: "")
    #expect(replay.status == 0, "\(replay.output.suffix(500))\(replay.errors.suffix(500))")
    #expect(replay.output.contains("  lap 1  "), "\(replay.output.suffix(500))")
  }
}
