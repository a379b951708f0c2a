import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The pseudo-terminal helper itself: waiting for the app takes no thread from the cooperative
/// pool, which the other suites' tests need meanwhile.
@Suite struct PseudoTerminalTests {
  /// The check that the app gave the terminal back can fail: settings changed after the app
  /// has gone are told apart from those before it.
  @Test func settingsLeftChangedAreNotTakenForRestored() async throws {
    let home = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let data = home.appendingPathComponent("data").path
    let app = try PseudoTerminal(
      ["--offline", "--no-history", "--data-dir", data], stateHome: home)
    try await app.expect("home> ")
    app.type(Keys.control("d"))
    _ = try await app.waitForExit()
    #expect(app.settingsAreRestored)
    var raw = app.settingsNow
    cfmakeraw(&raw)
    tcsetattr(app.slave, TCSANOW, &raw)
    #expect(!app.settingsAreRestored)
  }

  @Test func waitsForTheAppLeaveThePoolsThreadsFree() async throws {
    let home = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // NOTE: as many waits as the pool has threads (one per core): waits that blocked would hold
    // them all, and this task could not go on to type what they wait for until they gave up.
    let count = min(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 8)
    var apps: [PseudoTerminal] = []
    for _ in 0..<count {
      let data = home.appendingPathComponent("data").path
      let app = try PseudoTerminal(
        ["--offline", "--no-history", "--data-dir", data], stateHome: home)
      try await app.expect("home> ")
      apps.append(app)
    }
    let (started, starting) = AsyncStream<Void>.makeStream()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for app in apps {
        group.addTask {
          starting.yield()
          try await app.expect("count: 0")
        }
      }
      for await _ in started.prefix(count) {}
      for app in apps { app.type("counter" + Keys.enter) }
      try await group.waitForAll()
    }
    for app in apps {
      app.type(Keys.control("d"))
      #expect(try await app.waitForExit() == .exit)
    }
  }
}
