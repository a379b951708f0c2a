import Foundation
import Testing

@Suite(.serialized) struct GalleryEndToEndTests {
  @Test func pipedCounterScriptPrintsTwoAndExitsZero() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await GalleryProcess.run(
      ["--data-dir", directory.path], input: "counter\n+\n+\nstate\nquit\n")
    #expect(result.status == 0)
    #expect(result.output.contains("counter state:\n  count: 2\n"))
    #expect(!result.output.contains("home>"), "no prompt when standard input is a pipe")
  }

  @Test func strictExitsOneWhenACommandFailed() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let failing = try await GalleryProcess.run(
      ["--strict", "--data-dir", directory.path], input: "counter\ntgogle\n")
    #expect(failing.status == 1)
    #expect(failing.output.contains("Unknown command 'tgogle'"))
    let passing = try await GalleryProcess.run(
      ["--strict", "--data-dir", directory.path], input: "counter\n+\n")
    #expect(passing.status == 0)
  }

  @Test func todoItemsSurviveARestartInOrder() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let adds = (1...10).map { "add item \($0)" }.joined(separator: "\n")
    let first = try await GalleryProcess.run(
      ["--data-dir", directory.path], input: "todo\n\(adds)\nquit\n")
    #expect(first.status == 0)
    let second = try await GalleryProcess.run(
      ["--data-dir", directory.path, "--screen", "todo"], input: "list\n")
    let expected = (1...10).map { "  \($0). [ ] item \($0)" }.joined(separator: "\n")
    #expect(second.output.contains("10 active, 0 completed\n" + expected))
  }

  @Test func offlineSearchReturnsFixtureResults() async throws {
    let directory = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await GalleryProcess.run(
      ["--offline", "--data-dir", directory.path], input: "github\nsearch tessera\nwait\n")
    #expect(result.status == 0)
    #expect(result.output.contains("1. ambergate/tessera"))
  }

  @Test func helpVersionAndBadOptions() async throws {
    let help = try await GalleryProcess.run(["--help"], input: "")
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("usage: gallery"))
    let version = try await GalleryProcess.run(["--version"], input: "")
    #expect(version.output == "gallery 0.1.0\n")
    let bad = try await GalleryProcess.run(["--screen", "nowhere"], input: "")
    #expect(bad.status == 2)
    #expect(bad.errors.contains("unknown screen 'nowhere' for --screen"))
    let unknown = try await GalleryProcess.run(["--colour"], input: "")
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("unknown option '--colour'"))
  }
}
