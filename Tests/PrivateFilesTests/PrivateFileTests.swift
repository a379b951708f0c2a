import Foundation
import PrivateFiles
import Testing

/// Files that hold a person's text: new ones are the owner's only, a rewrite keeps the mode and
/// the symlink, and what is not a regular file is refused at once.
@Suite struct PrivateFileTests {
  let folder: String = {
    let path = FileManager.default.temporaryDirectory.path + "/private-files-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  func mode(_ path: String) -> mode_t {
    var info = stat()
    _ = lstat(path, &info)
    return info.st_mode & 0o777
  }

  @Test func newFilesAre0600InFolders0700EvenUnderAPermissiveUmask() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let old = umask(0)
    defer { umask(old) }
    try PrivateFile.makeDirectories(folder + "/a/b")
    #expect(mode(folder + "/a") == 0o700)
    #expect(mode(folder + "/a/b") == 0o700)
    try PrivateFile.replace(folder + "/a/b/list", with: Data("one\n".utf8))
    #expect(mode(folder + "/a/b/list") == 0o600)
    let fd = try PrivateFile.openRegularFileForWriting(folder + "/a/b/log", flags: O_APPEND)
    close(fd)
    #expect(mode(folder + "/a/b/log") == 0o600)
  }

  @Test func aRewriteKeepsTheModeAndTheSymlink() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/dotfiles-history"
    let link = folder + "/history"
    try PrivateFile.replace(target, with: Data("one\n".utf8))
    chmod(target, 0o640)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    try PrivateFile.replace(link, with: Data("two\n".utf8))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "two\n")
    #expect(mode(target) == 0o640)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "dotfiles-history", "history",
      ], "no temporary file is left")
  }

  /// Opening a FIFO for writing waited for a reader; with one, it is refused all the same.
  @Test func aFIFOOrAFolderIsRefusedAtOnceNamingWhatItIs() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: PrivateFile.OpenFailure(reason: "it is not a regular file but a FIFO")) {
      try PrivateFile.openRegularFileForWriting(fifo)
    }
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    #expect(throws: PrivateFile.OpenFailure(reason: "it is not a regular file but a FIFO")) {
      try PrivateFile.openRegularFileForWriting(fifo)
    }
    #expect(throws: PrivateFile.OpenFailure(reason: "it is not a regular file but a directory")) {
      try PrivateFile.openRegularFileForWriting(folder)
    }
  }
}
