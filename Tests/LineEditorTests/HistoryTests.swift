import Foundation
import LineEditor
import OutsideText
import Testing

@Suite struct HistoryTests {
  @Test func blankLinesAndRepeatsAreLeftOut() {
    var history = History()
    let added = ["counter", "counter", "   ", "+", "counter"].map { history.add($0) }
    #expect(
      added == [true, false, false, true, true], "only a repeat of the line before collapses")
    #expect(history.entries == ["counter", "+", "counter"])
  }

  @Test func theOldestLinesGoPastTheLimit() {
    let history = History((1...1_005).map { "line \($0)" })
    #expect(history.entries.count == 1_000)
    #expect(history.entries.first == "line 6")
    #expect(history.entries.last == "line 1005")
  }

  @Test func aFileKeepsTheLinesAndDropsControlCharacters() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-\(UUID().uuidString)/deeper")
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let file = HistoryFile(url: directory.appendingPathComponent("history"))
    #expect(file.load().entries == [])
    try file.prepare()
    try file.save(["counter", "add \u{1B}[2Jmilk", "日本"])
    #expect(file.load().entries == ["counter", "add [2Jmilk", "日本"])
    #expect(file.load(limit: 2).entries == ["add [2Jmilk", "日本"])
  }

  /// Past 1.5 times its limit the file is trimmed: that rewrite made it a plain file 0644, in
  /// place of a symlink into a dotfiles folder and of its 0600.
  @Test func aTrimKeepsTheFilesModeAndItsSymlink() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let dotfiles = HistoryFile(url: folder.appendingPathComponent("dotfiles/history"))
    try dotfiles.prepare()
    try dotfiles.append("first")
    let link = folder.appendingPathComponent("state/history")
    try FileManager.default.createDirectory(
      at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: dotfiles.url)
    var info = stat()
    #expect(stat(dotfiles.url.path, &info) == 0 && info.st_mode & 0o777 == 0o600, "new: 0600")
    #expect(stat(folder.appendingPathComponent("dotfiles").path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o700, "its new folder: 0700")
    let file = HistoryFile(url: link)
    for line in 1...40 { try file.append("line \(line)", limit: 10) }
    #expect(lstat(link.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
    #expect(stat(link.path, &info) == 0 && info.st_mode & 0o777 == 0o600, "still 0600")
    #expect(dotfiles.load().entries.count < 16, "trimmed")
  }

  @Test func anUnwritableDirectorySaysWhy() throws {
    guard getuid() != 0 else { return }  // root writes anywhere
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = HistoryFile(url: directory.appendingPathComponent("history"))
    #expect(throws: HistoryFileError(path: directory.path, reason: "Permission denied")) {
      try file.prepare()
    }
  }
}

@Suite struct HistoryControlTests {
  @Test func controlCharactersAreDroppedFromEveryLine() {
    let history = History(["add \u{1B}[2Jx\u{9B}\u{7F}", "\u{1B}"])
    #expect(history.entries == ["add [2Jx"])
    #expect(LineSession(history: ["a\u{07}b"]).display(prompt: "").text == "")
  }
}

@Suite struct HistoryFileLimitTests {
  @Test func aFilePastTheReadLimitIsCutAtTheNextAppend() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = HistoryFile(url: directory.appendingPathComponent("history"), maxLineBytes: 100)
    try file.prepare()
    let old = String(repeating: "old line\n", count: (HistoryFile.readLimit / 9) + 10)
    try (String(repeating: "y", count: 200) + "\n" + old).write(
      to: file.url, atomically: true, encoding: .utf8)
    let (history, cut) = file.read()
    #expect(history.entries == ["old line"])
    #expect(cut.skippedBytes > 0 && cut.overlongLines == 0)
    try file.append("new line")
    let size = try FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? Int
    #expect(size == "old line\nnew line\n".utf8.count)
    #expect(file.read().1.isEmpty)
  }
}

@Suite struct HistoryFileBytesTests {
  @Test func aFolderNamedInLatin1IsThatFolder() throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let folder = String(
      pathBytes: Array((base.path + "/\u{0}tat").utf8).map { $0 == 0 ? 0xE9 : $0 })
    let file = HistoryFile(url: URL(fileURLWithPath: folder + "/gallery/history"))
    try file.prepare()
    try file.append("counter")
    try file.save(file.load().entries + ["+"])
    #expect(file.load().entries == ["counter", "+"])
    let names = try FileManager.default.contentsOfDirectory(atPath: base.path)
    #expect(names.count == 1)
    #expect(folder.withPathCString { access($0, F_OK) } == 0, "the folder with the byte 0xE9")
  }
}
