import Foundation
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Paths are bytes: a folder whose name is not UTF-8 (Latin-1 `donn\xE9es`), given with
/// `--data-dir` or `XDG_DATA_HOME`, is that folder, not another one named with U+FFFD that a
/// folder of another name (`donn\xE8es`) would share.
@Suite(.hangGuard) struct ByteNamedPathEndToEndTests {
  /// Runs the app with `script` on its input, after `setup` in `sh` (`$BASE` is `folder`); the
  /// output.
  func run(_ setup: String, _ script: String, in folder: URL) async throws -> String {
    let app = try PipedGallery(
      [], input: .pipe, environment: ["BASE": folder.path], withErrors: true, shellSetup: setup)
    app.send(script)
    app.closeInput()
    let (reason, status) = try await app.waitForExit()
    #expect(reason == .exit && status == 0, "\(reason), \(status): \(app.text)")
    return app.text
  }

  @Test func aDataFolderNamedInLatin1KeepsItsOwnList() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let eAcute = #"set -- "$@" --data-dir "$(printf '%s/donn\351es/gallery' "$BASE")""#
    let eGrave = #"set -- "$@" --data-dir "$(printf '%s/donn\350es/gallery' "$BASE")""#
    _ = try await run(eAcute, "todo\nadd milk\nquit\n", in: folder)
    _ = try await run(eGrave, "todo\nadd eggs\nquit\n", in: folder)

    let viaEnvironment = #"export XDG_DATA_HOME="$(printf '%s/donn\351es' "$BASE")""#
    let shown = try await run(viaEnvironment, "todo\nquit\n", in: folder)
    #expect(shown.contains("1. [ ] milk") && !shown.contains("eggs"), "\(shown)")
    let other = try await run(eGrave, "todo\nquit\n", in: folder)
    #expect(other.contains("1. [ ] eggs") && !other.contains("milk"), "\(other)")
  }

  @Test func aLatin1PathIsPrintedWithItsByteShown() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let setup =
      #"D="$(printf '%s/donn\351es' "$BASE")"; mkdir "$D"; printf '{' > "$D/todos.json"; "#
      + #"set -- "$@" --data-dir "$D""#
    let shown = try await run(setup, "todo\nquit\n", in: folder)
    let shownPath = "\(folder.path)/donn\\xE9es/todos.json.corrupt-"
    #expect(shown.contains("moved aside to \(shownPath)"), "\(shown)")
  }
}

@Suite(.hangGuard) struct ByteNamedRecordingEndToEndTests {
  @Test func aRecordingNamedInLatin1IsWrittenAndReplayedUnderItsOwnName() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let record = #"set -- "$@" --record "$(printf '%s/s\351ance.jsonl' "$BASE")""#
    let recorder = try PipedGallery(
      ["--offline"], input: .pipe, environment: ["BASE": folder.path], withErrors: true,
      shellSetup: record)
    recorder.send("counter\n+\nset 41\nquit\n")
    recorder.closeInput()
    _ = try await recorder.waitForExit()
    #expect(
      rawNames(in: folder) == [Array("s".utf8) + [0xE9] + Array("ance.jsonl".utf8)],
      "\(rawNames(in: folder))")

    let replay = #"set -- --replay "$(printf '%s/s\351ance.jsonl' "$BASE")""#
    let replayer = try PipedGallery(
      [], input: .pipe, environment: ["BASE": folder.path], withErrors: true, shellSetup: replay)
    let (reason, status) = try await replayer.waitForExit()
    #expect(reason == .exit && status == 0, "\(reason), \(status): \(replayer.text)")
    #expect(replayer.text.contains("count: 41"), "\(replayer.text)")
  }

  @Test func aReportUnderALatin1StateFolderIsInThatFolder() async throws {
    let folder = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = #"export XDG_STATE_HOME="$(printf '%s/\351tat' "$BASE")""#
    let app = try PipedGallery(
      ["--offline"], input: .pipe, environment: ["BASE": folder.path], withErrors: true,
      shellSetup: state)
    app.send("counter\n+\nset 41\nreport\nquit\n")
    app.closeInput()
    _ = try await app.waitForExit()
    #expect(
      app.text.contains("to \(folder.path)/\\xE9tat/gallery/last-session.jsonl;"), "\(app.text)")
    #expect(rawNames(in: folder) == [[0xE9] + Array("tat".utf8)], "\(rawNames(in: folder))")

    let replay =
      state + #"; set -- --replay "$XDG_STATE_HOME/gallery/last-session.jsonl""#
    let replayer = try PipedGallery(
      [], input: .pipe, environment: ["BASE": folder.path], withErrors: true, shellSetup: replay)
    let (reason, status) = try await replayer.waitForExit()
    #expect(reason == .exit && status == 0, "\(reason), \(status): \(replayer.text)")
    #expect(replayer.text.contains("count: 41"), "\(replayer.text)")
  }

  /// The names in `folder` as the file system has them.
  func rawNames(in folder: URL) -> [[UInt8]] {
    guard let stream = opendir(folder.path) else { return [] }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
    }
    return names
  }
}
