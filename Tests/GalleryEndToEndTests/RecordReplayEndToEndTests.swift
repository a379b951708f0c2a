import Foundation
import StubHTTPServer
import TestTraits
import Testing

/// `--record` and `--replay` with the real binary: a session recorded from a pipe replays to
/// the same screens with no network, clock or files; a changed recording is caught.
@Suite(.hangGuard) struct RecordReplayEndToEndTests {
  static let script = """
    todo
    add milk
    add eggs
    toggle 1
    edit 2 brown eggs
    counter
    +
    set 41
    +
    stopwatch
    start
    wait 1
    stop
    login
    login ann
    wait 30
    github
    search stub
    wait 30
    open 1
    undo
    quit

    """

  /// Records the script in a fresh folder, GitHub answered by the stub server; the session's
  /// output and the recording's path.
  static func record() async throws -> (output: String, recording: URL, folder: URL) {
    let server = try StubHTTPServer(
      routes: ["/search/repositories": .json(GitHubSearchEndToEndTests.page)],
      lifetime: GitHubSearchEndToEndTests.lifetime)
    defer { server.stop() }
    let folder = try GalleryProcess.temporaryDirectory()
    let recording = folder.appendingPathComponent("session.jsonl")
    let session = try await GalleryProcess.run(
      ["--data-dir", folder.path, "--record", recording.path], input: script,
      environment: [
        "XDG_STATE_HOME": folder.path, "GITHUB_API_URL": server.baseURL.absoluteString,
        "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1",
      ])
    #expect(session.status == 0, "\(session.errors)")
    #expect(session.output.contains("state: loggedIn (ann)"))
    #expect(session.output.contains("1. loopback/stubbed  ★12  Swift"))
    return (session.output, recording, folder)
  }

  @Test func aRecordedSessionReplaysToTheScreensItShowed() async throws {
    let (output, recording, folder) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: folder) }
    let replay = try await GalleryProcess.run(["--replay", recording.path], input: "")
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    let lines = replay.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains("> add milk"))
    #expect(lines.contains("> undo"))
    #expect(lines.contains("state: loggedIn (ann)"), "the login's answer, from the recording")
    #expect(lines.contains { $0.contains("1. loopback/stubbed  ★12  Swift") }, "GitHub's, too")
    #expect(lines.last { !$0.isEmpty }?.hasPrefix("replayed ") == true, "\(replay.output)")
    // NOTE: every screen the replay prints is one the session printed, in the same order.
    var session = output.split(separator: "\n")[...]
    for line in lines.dropLast(2)
    where !line.hasPrefix("> ") && !line.isEmpty && line != "(end of input)" {
      guard let found = session.firstIndex(of: line) else {
        Issue.record("the replay printed '\(line)', which the session did not (in that order)")
        return
      }
      session = session[(found + 1)...]
    }
  }

  @Test func aRecordingChangedByHandIsReportedAtTheEntryThatDiffers() async throws {
    let (_, recording, folder) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOf: recording, encoding: .utf8)
    #expect(text.contains(#"{"set":{"_0":41}}"#))
    try text.replacingOccurrences(of: #"{"set":{"_0":41}}"#, with: #"{"set":{"_0":40}}"#)
      .write(to: recording, atomically: true, encoding: .utf8)
    let replay = try await GalleryProcess.run(["--replay", recording.path], input: "")
    #expect(replay.status == 1)
    #expect(replay.output.contains("error: the replay diverged: after entry "), "\(replay.output)")
    #expect(replay.output.contains("counter(.set(40)) (send)"), "\(replay.output)")
  }

  @Test func aRecordingOfANewerFormatOrCutShortIsRefusedWithWhy() async throws {
    let (_, recording, folder) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOf: recording, encoding: .utf8)
    let newer = folder.appendingPathComponent("newer.jsonl")
    try text.replacingOccurrences(of: #""version":1"#, with: #""version":7"#)
      .write(to: newer, atomically: true, encoding: .utf8)
    let refused = try await GalleryProcess.run(["--replay", newer.path], input: "")
    #expect(refused.status == 2)
    #expect(refused.output.contains("the recording is of format version 7; this program reads"))

    let cut = folder.appendingPathComponent("cut.jsonl")
    var lines = text.split(separator: "\n")
    lines[5] = lines[5].dropLast(3)
    try lines.joined(separator: "\n").write(to: cut, atomically: true, encoding: .utf8)
    let damaged = try await GalleryProcess.run(["--replay", cut.path], input: "")
    #expect(damaged.status == 1)
    #expect(damaged.output.contains("is damaged at line 6: not JSON"), "\(damaged.output)")
  }

  /// A recording is read as a stream, so it replays from a pipe; what cannot be read says why
  /// (a pipe or a folder was "You don't have permission", even for root).
  @Test func aRecordingReplaysFromAPipeAndAFolderIsSaidToBeOne() async throws {
    let (_, recording, folder) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: folder) }
    let piped = try await GalleryProcess.run(
      ["--replay", "/dev/stdin"], input: try String(contentsOf: recording, encoding: .utf8))
    #expect(piped.status == 0, "\(piped.output)\(piped.errors)")
    #expect(piped.output.contains("> add milk"))
    // NOTE: a line break in a crafted note is shown, not obeyed: it printed a command line.
    let text = try String(contentsOf: recording, encoding: .utf8)
    let crafted = folder.appendingPathComponent("crafted.jsonl")
    try text.replacingOccurrences(
      of: #""text":"add milk""#, with: #""text":"add milk\n> fake command""#
    ).write(to: crafted, atomically: true, encoding: .utf8)
    let faked = try await GalleryProcess.run(["--replay", crafted.path], input: "")
    #expect(faked.status == 0, "\(faked.output)")
    let lines = faked.output.split(separator: "\n")
    #expect(!lines.contains("> fake command") && lines.contains { $0.hasPrefix("> add milk") })
    let notAFile = try await GalleryProcess.run(["--replay", folder.path], input: "")
    #expect(notAFile.status == 2)
    #expect(notAFile.output.contains("cannot read \(folder.path): Is a directory"))
  }

  @Test func replayTakesNoOtherOptionAndAMissingFileIsSaid() async throws {
    let both = try await GalleryProcess.run(["--replay", "x", "--record", "y"], input: "")
    #expect(both.status == 2)
    #expect(both.errors.contains("--replay takes no other option but FILE"))
    let missing = try await GalleryProcess.run(["--replay", "/nonexistent/r.jsonl"], input: "")
    #expect(missing.status == 2)
    #expect(missing.output.contains("error: cannot read /nonexistent/r.jsonl"))
  }

  /// A recording is emptied first: into the app's own files it would lose them (the todo list
  /// was replaced, then moved aside as corrupt).
  @Test func recordingIntoTheAppsOwnFilesIsRefusedAndTheyStayAsTheyWere() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("data")
    let environment = ["XDG_STATE_HOME": folder.appendingPathComponent("state").path]
    let saved = try await GalleryProcess.run(
      ["--offline", "--data-dir", data.path], input: "todo\nadd keep me\n",
      environment: environment)
    #expect(saved.status == 0, "\(saved.errors)")
    let list = data.appendingPathComponent("todos.json")
    let before = try Data(contentsOf: list)
    let history = folder.appendingPathComponent("state/gallery/history")
    let owned = [
      (list.path, "the todo list"), (list.path + ".tmp-77", "a working file of the todo list"),
      (history.path, "the line history"),
    ]
    for (target, name) in owned {
      let refused = try await GalleryProcess.run(
        ["--offline", "--data-dir", data.path, "--record", target], input: "todo\nadd two\n",
        environment: environment)
      #expect(refused.status == 2, "\(target)")
      #expect(refused.errors.contains("--record \(target): that is \(name)"), "\(refused.errors)")
    }
    #expect(try Data(contentsOf: list) == before, "the list is as it was")
  }

  /// A file that cannot be written is said once, with the system's reason and the name made
  /// safe for the terminal (it was printed with a right-to-left override as it came).
  @Test func aRecordingFileThatCannotBeWrittenIsSaidSafelyAndTheSessionGoesOn() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = folder.path + "/missing/a\u{202E}fdp.jsonl"
    let session = try await GalleryProcess.run(
      ["--offline", "--data-dir", folder.path, "--record", name], input: "counter\n+\n",
      environment: ["XDG_STATE_HOME": folder.path])
    #expect(session.status == 0)
    #expect(session.output.contains("count: 1"))
    #expect(
      session.errors.contains(
        "recording: cannot write \(folder.path)/missing/a<U+202E>fdp.jsonl: No such file or "
          + "directory; the session goes on unrecorded"), "\(session.errors)")
    #expect(!session.errors.contains("\u{202E}"))
  }
}
