import Foundation
import Testing

/// A question at a real terminal: the prompt says that the next line answers it.
@Suite struct ConfirmationTerminalTests {
  @Test func clearCompletedAsksAtTheQuestionPromptCtrlCCancelsAndYesClears() async throws {
    let home = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let data = home.appendingPathComponent("data").path
    let app = try PseudoTerminal(
      ["--offline", "--data-dir", data, "--screen", "todo"], stateHome: home)
    try await app.expect("todo> ")
    app.type("add tea" + Keys.enter + "toggle 1" + Keys.enter + "clear-completed" + Keys.enter)
    try await app.expect("Delete 1 completed item(s)? [y/N]")
    try await app.expect("todo [y/N]> ")
    app.type(Keys.control("c"))
    try await app.expect("(cancelled; press Ctrl-C again or Ctrl-D to quit)")
    try await app.expect("todo> ")
    app.type("clear-completed" + Keys.enter)
    try await app.expect("todo [y/N]> ")
    app.type("y" + Keys.enter)
    try await app.expect("0 active, 0 completed")
    try await app.expect("todo> ")
    app.type("quit" + Keys.enter)
    #expect(try await app.waitForExit() == .exit && app.process.terminationStatus == 0)
    #expect(app.settingsAreRestored)
  }
}
