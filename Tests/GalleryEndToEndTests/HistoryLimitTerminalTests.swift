import Foundation
import TestTraits
import Testing

/// A line history that grew past any use (a huge file, a line no key could type) is read only in
/// its newest part, said once at start; what is recalled is what fits.
@Suite(.hangGuard) struct HistoryLimitTerminalTests {
  typealias K = Keys

  @Test func aHugeHistoryIsReadOnlyInItsNewestPartAndSaysSo() async throws {
    let home = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let folder = home.appendingPathComponent("gallery")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // NOTE: 16 MiB of short lines, then one line of 2 MiB, then the newest line.
    var text = Data(repeating: UInt8(ascii: "\n"), count: 16 << 20)
    for index in stride(from: 0, to: text.count, by: 8) { text[index] = UInt8(ascii: "o") }
    text.append(Data(repeating: UInt8(ascii: "y"), count: 2 << 20))
    text.append(Data("\ncounter\n".utf8))
    let file = folder.appendingPathComponent("history")
    try text.write(to: file)

    let app = try PseudoTerminal([], stateHome: home, errorsOnTerminal: true)
    try await app.expect(
      "gallery: the line history \(file.path) is too long: only its newest 1 MiB was read"
        + " (\(text.count - 8) bytes before it were not)")
    try await app.expect("home> ")
    app.type(K.up + K.up + K.enter)
    try await app.expect("count: 0")
    app.type(K.control("d"))
    _ = try await app.waitForExit()
    #expect(app.settingsAreRestored)
  }

  @Test func aLineLongerThanAnyTypedOneIsLeftOut() async throws {
    let home = try GalleryProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let folder = home.appendingPathComponent("gallery")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("history")
    try ("counter\n" + String(repeating: "y", count: 100_000) + "\n+\n").write(
      to: file, atomically: true, encoding: .utf8)

    let app = try PseudoTerminal([], stateHome: home, errorsOnTerminal: true)
    try await app.expect(
      "gallery: the line history \(file.path) is too long: 1 line over 65536 bytes left out")
    try await app.expect("home> ")
    app.type(K.up + K.up + K.enter)
    try await app.expect("count: 0")
    app.type(K.control("d"))
    _ = try await app.waitForExit()
  }
}
