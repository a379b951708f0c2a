import Foundation
import PrivateFiles

extension SessionRecording {
  /// Why `--record` may not write `file`, or `nil` when it may: a recording file is emptied
  /// first, so one that is the app's own file (the todo list, the line history, the crash
  /// report) or one of its neighbours (a save's temporary file, a moved-aside copy) would be
  /// lost, and the app would then read a recording as its data.
  ///
  /// - Parameters:
  ///   - file: The file `--record` names.
  ///   - ownFiles: The app's own files, named for the message.
  public static func refusal(toRecordIn file: URL, ownFiles: [(name: String, url: URL)])
    -> String?
  {
    // NOTE: a recording is emptied first and replayed whole: a FIFO (whose open waits for a
    // reader), a pipe (`/dev/stdout`, `>(gzip)`) or a device cannot hold one.
    var info = stat()
    if stat(file.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      return "--record \(file.path): that is \(PrivateFile.kind(of: info.st_mode)), not a regular "
        + "file; a recording is written into a file of its own, to replay it whole."
    }
    let target = file.standardizedFileURL.resolvingSymlinksInPath()
    for (name, own) in ownFiles {
      let own = own.standardizedFileURL.resolvingSymlinksInPath()
      let neighbour =
        target.deletingLastPathComponent().path == own.deletingLastPathComponent().path
        && target.lastPathComponent.hasPrefix(own.lastPathComponent + ".")
      if target.path == own.path || neighbour || isSameFile(target, own) {
        let what = target.path == own.path || !neighbour ? name : "a working file of \(name)"
        return "--record \(file.path): that is \(what) (\(own.path)); recording there would "
          + "replace it. Record into a file of its own."
      }
    }
    return nil
  }

  /// The program's own files that a recording must not replace: the host's (the todo list),
  /// and the line history and crash report where the process environment puts them.
  public static func ownFiles(_ live: Surroundings<Host>.Live) -> [(name: String, url: URL)] {
    let environment = live.processEnvironment
    return Host.ownFiles(live)
      + ((try? LineReader<Host>.historyURL(environment)).map { [("the line history", $0)] } ?? [])
      + (reportURL(environment).map { [("the crash report", $0)] } ?? [])
  }

  /// Whether both name one existing file (a hard link, or a path the resolution missed).
  private static func isSameFile(_ first: URL, _ second: URL) -> Bool {
    var (a, b) = (stat(), stat())
    guard stat(first.path, &a) == 0, stat(second.path, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }
}
