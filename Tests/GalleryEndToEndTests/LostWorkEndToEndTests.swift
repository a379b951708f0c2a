import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The `gallery` binary used as people use command-line programs: its output piped into `head`,
/// its terminal window closed, killed, fed no input at all or input with no end, and a long
/// `wait` given up on. Nothing the screen showed is lost, nothing hangs.
@Suite struct LostWorkEndToEndTests {
  func withDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  func savedList(in directory: URL) -> String {
    (try? String(contentsOf: directory.appendingPathComponent("todos.json"), encoding: .utf8))
      ?? ""
  }

  @Test func aClosedOutputStillSavesTheList() async throws {
    try await withDirectory { directory in
      let script = directory.appendingPathComponent("script")
      try "todo\nadd first\nadd second\nlist\nquit\n".write(
        to: script, atomically: true, encoding: .utf8)
      let data = directory.appendingPathComponent("data")
      let app = try PipedGallery(["--data-dir", data.path], input: .file(script.path))
      // NOTE: as `| head -1` does once it has its line: every write after this finds no reader.
      app.closeOutput()
      let (reason, status) = try await app.waitForExit()
      #expect(reason == .exit && status == 0, "not killed by SIGPIPE (\(reason), \(status))")
      let saved = savedList(in: data)
      #expect(saved.contains("first") && saved.contains("second"), "\(saved)")
    }
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aSignalInsideTheSaveDelaySavesTheLastChange(signal: Int32) async throws {
    try await withDirectory { directory in
      let app = try PipedGallery(["--data-dir", directory.path], input: .pipe)
      app.send("todo\nadd first\nadd second\n")
      try await app.expect("2. [ ] second")
      app.signal(signal)
      let (reason, status) = try await app.waitForExit()
      #expect(reason == .exit && status == 128 + signal, "\(reason), \(status)")
      let saved = savedList(in: directory)
      #expect(saved.contains("first") && saved.contains("second"), "\(saved)")
    }
  }

  @Test func aClosedStandardInputEndsLikeAnEmptyOne() async throws {
    try await withDirectory { directory in
      let app = try PipedGallery(["--data-dir", directory.path], input: .redirected("<&-"))
      let (reason, status) = try await app.waitForExit()
      #expect(reason == .exit && status == 0, "\(reason), \(status)")
      try await app.expect("Actomaton Gallery")
    }
  }

  @Test func aClosedStandardOutputNeitherHangsNorWritesIntoTheList() async throws {
    try await withDirectory { directory in
      let script = directory.appendingPathComponent("script")
      try "todo\nadd first\nadd second\nlist\nquit\n".write(
        to: script, atomically: true, encoding: .utf8)
      let data = directory.appendingPathComponent("data")
      let app = try PipedGallery(
        ["--data-dir", data.path], input: .redirected("<'\(script.path)' >&- 2>&-"))
      let (reason, status) = try await app.waitForExit()
      #expect(reason == .exit && status == 0, "\(reason), \(status)")
      let saved = savedList(in: data)
      #expect(saved.contains("first") && saved.contains("second"), "\(saved)")
      #expect(!saved.contains("Gallery") && !saved.contains("active"), "\(saved)")
    }
  }

  @Test func twoInterruptsEndALongWait() async throws {
    try await withDirectory { directory in
      let app = try PipedGallery(
        ["--data-dir", directory.path, "--screen", "todo"], input: .pipe)
      app.send("add kept\nstopwatch\nstart\nwait 3600\n")
      try await app.expect("(running)")
      app.signal(SIGINT)
      try await app.expect("press Ctrl-C again or Ctrl-D to quit")
      app.signal(SIGINT)
      let (reason, status) = try await app.waitForExit()
      #expect(reason == .exit && status == 0, "\(reason), \(status)")
      #expect(savedList(in: directory).contains("kept"))
    }
  }

  @Test func inputWithNoNewlineIsRefusedInBoundedMemory() async throws {
    try await withDirectory { directory in
      let app = try PipedGallery(["--data-dir", directory.path], input: .file("/dev/zero"))
      // NOTE: under a sanitizer (a slow app, shadow memory) only a shorter read is checked. The
      // time only stops a hang: beside the whole suite on two cores, 256 MB took over 60 s.
      let sanitized = dlsym(nil, "__sanitizer_get_current_allocated_bytes") != nil
      #expect(
        try await app.reads(
          sanitized ? 16 << 20 : 256 << 20, residentLimit: sanitized ? .max : 128 << 20),
        "reads 256 MB without a newline in less than 128 MB")
      try await app.expect(
        "error: The line is over 65536 bytes long; lines are at most 65536 bytes.")
      app.signal(SIGTERM)
      let (reason, status) = try await app.waitForExit()
      #expect(reason == .exit && status == 128 + SIGTERM)
    }
  }
}
