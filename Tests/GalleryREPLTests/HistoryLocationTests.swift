import Testing

@testable import ActomatonREPL
@testable import GalleryApp

@Suite struct HistoryLocationTests {
  @Test func theHistoryFollowsXDGStateHomeElseHome() throws {
    let xdg = try LineReader.historyURL(["XDG_STATE_HOME": "/x/state", "HOME": "/h"])
    #expect(xdg.path == "/x/state/gallery/history")
    let home = try LineReader.historyURL(["HOME": "/h"])
    #expect(home.path == "/h/.local/state/gallery/history")
    let relative = try LineReader.historyURL(["XDG_STATE_HOME": "rel", "HOME": "/h"])
    #expect(relative.path == "/h/.local/state/gallery/history", "a relative path is ignored")
    #expect(throws: (any Error).self) { try LineReader.historyURL([:]) }
  }

  @Test func noHistoryIsAnOption() throws {
    #expect(try Options.parse(["--no-history"]).noHistory)
    #expect(try !Options.parse([]).noHistory)
    #expect(Options.usage.contains("--no-history"))
    #expect(Options.usage.contains("XDG_STATE_HOME"))
  }
}
