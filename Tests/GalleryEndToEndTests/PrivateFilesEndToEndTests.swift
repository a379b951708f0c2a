import Foundation
import TestTraits
import Testing

/// The files that hold what the person typed, written by the real binary: new ones are theirs
/// only (0600, in folders 0700), a rewrite keeps the mode and the symlink, and `--record` takes
/// only a regular file.
@Suite(.hangGuard) struct PrivateFilesEndToEndTests {
  static func mode(_ url: URL) -> mode_t {
    var info = stat()
    _ = lstat(url.path, &info)
    return info.st_mode & 0o777
  }

  static func isSymlink(_ url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// They were 0644 in folders 0755: the list, the report and the recording readable by all.
  @Test func theListTheReportAndARecordingAre0600InFolders0700() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("new/data")
    let state = folder.appendingPathComponent("state")
    let recording = folder.appendingPathComponent("session.jsonl")
    let session = try await GalleryProcess.run(
      ["--offline", "--data-dir", data.path, "--record", recording.path],
      input: "todo\nadd a secret\nreport\nquit\n", environment: ["XDG_STATE_HOME": state.path])
    #expect(session.status == 0, "\(session.output)\(session.errors)")
    #expect(session.output.contains("wrote the last"), "\(session.output)")
    let report = state.appendingPathComponent("gallery/last-session.jsonl")
    for made in [
      folder.appendingPathComponent("new"), data, state.appendingPathComponent("gallery"),
    ] {
      #expect(Self.mode(made) == 0o700, "\(made.path)")
    }
    for made in [data.appendingPathComponent("todos.json"), report, recording] {
      #expect(Self.mode(made) == 0o600, "\(made.path)")
    }
  }

  /// `report` wrote a new plain file 0644 over a symlinked report and over its mode.
  @Test func aReportRewrittenKeepsItsModeAndItsSymlink() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = folder.appendingPathComponent("state/gallery")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent("kept.jsonl")
    try Data("old\n".utf8).write(to: target)
    chmod(target.path, 0o640)
    let link = state.appendingPathComponent("last-session.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let session = try await GalleryProcess.run(
      ["--offline", "--data-dir", folder.path], input: "counter\n+\nreport\n",
      environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
    #expect(session.status == 0, "\(session.output)\(session.errors)")
    #expect(Self.isSymlink(link))
    #expect(Self.mode(target) == 0o640)
    #expect(try String(contentsOf: target, encoding: .utf8).contains("actomaton-recording"))
  }

  /// The history at a terminal: 0644 in a folder 0755.
  @Test func theLineHistoryIs0600InAFolder0700() async throws {
    let home = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let app = try PseudoTerminal(
      ["--offline", "--data-dir", home.appendingPathComponent("data").path], stateHome: home)
    try await app.expect("home> ")
    app.type("counter" + Keys.enter)
    try await app.expect("count: 0")
    app.type(Keys.control("d"))
    _ = try await app.waitForExit()
    let history = home.appendingPathComponent("gallery/history")
    #expect(try String(contentsOf: history, encoding: .utf8) == "counter\n")
    #expect(Self.mode(history) == 0o600)
    #expect(Self.mode(history.deletingLastPathComponent()) == 0o700)
  }

  /// A FIFO blocked the session before its banner until a reader came; a pipe was refused only
  /// once written to, and the session went on unrecorded.
  @Test func recordingIntoAFIFOOrAPipeIsRefusedAtOnce() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // NOTE: standard output is a pipe here, as `>(gzip)` is.
    for target in [fifo.path, "/dev/stdout"] {
      let refused = try await GalleryProcess.run(
        ["--offline", "--data-dir", folder.path, "--record", target], input: "counter\n",
        environment: ["XDG_STATE_HOME": folder.path])
      #expect(refused.status == 2, "\(target): \(refused.output)\(refused.errors)")
      #expect(
        refused.errors.contains(
          "gallery: --record \(target): that is a FIFO, not a regular file; a recording is "
            + "written into a file of its own"), "\(refused.errors)")
      #expect(!refused.output.contains("Actomaton Gallery"), "refused before the banner")
    }
  }
}
