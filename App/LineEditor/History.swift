import Foundation
import OutsideText
import PrivateFiles

/// The lines entered, oldest first: at most `limit`, blank lines left out, a line equal to the
/// one before it kept once, control characters (which no key inserts, but a file may hold)
/// dropped.
public struct History: Equatable, Sendable {
  public private(set) var entries: [String]
  public let limit: Int

  public init(_ entries: [String] = [], limit: Int = 1_000) {
    self.limit = max(limit, 1)
    self.entries = []
    for entry in entries { add(entry) }
  }

  /// Adds `line`; whether the history changed.
  @discardableResult
  public mutating func add(_ line: String) -> Bool {
    let line =
      line.unicodeScalars.contains(where: \.isControl)
      ? String(String.UnicodeScalarView(line.unicodeScalars.filter { !$0.isControl })) : line
    guard line.contains(where: { !$0.isWhitespace }), entries.last != line else { return false }
    entries.append(line)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    return true
  }
}

/// A history kept in a text file, one line per entry.
public struct HistoryFile: Sendable {
  public let url: URL
  /// The longest line kept: a longer one is left out when the file is read.
  public let maxLineBytes: Int

  public init(url: URL, maxLineBytes: Int = 65_536) {
    self.url = url
    self.maxLineBytes = maxLineBytes
  }

  /// The newest entries in the file (none when it does not exist), as ``read(limit:)`` finds.
  public func load(limit: Int = 1_000) -> History { read(limit: limit).0 }

  /// Makes the directory and checks that the file can be written there; throws why not.
  public func prepare() throws(HistoryFileError) {
    let directory = url.deletingLastPathComponent().path
    do throws(SystemError) {
      try PrivateFile.makeDirectories(directory)
    } catch {
      throw HistoryFileError(path: directory, reason: "cannot create the directory")
    }
    if directory.withPathCString({ access($0, W_OK) }) != 0 {
      throw HistoryFileError(path: directory, reason: String(cString: strerror(errno)))
    }
    // NOTE: a directory (or another special file) passes `access`, yet a save cannot replace
    // it: said now, on its own line, not at the first Enter after the typed line.
    var status = stat()
    if url.path.withPathCString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw HistoryFileError(path: url.path, reason: "not a regular file")
    }
    if url.path.withPathCString({ access($0, F_OK) == 0 && access($0, W_OK) != 0 }) {
      throw HistoryFileError(path: url.path, reason: String(cString: strerror(errno)))
    }
  }

  /// Replaces the file's contents with `entries`, atomically, keeping its mode and a symlink
  /// to it (a dotfiles folder).
  public func save(_ entries: [String]) throws(HistoryFileError) {
    let text = entries.map { $0 + "\n" }.joined()
    do throws(SystemError) {
      try PrivateFile.replace(url.path, with: Data(text.utf8))
    } catch {
      throw HistoryFileError(path: url.path, reason: "the file could not be written")
    }
  }
}

/// Why the history file cannot be kept.
public struct HistoryFileError: Error, Equatable, CustomStringConvertible {
  public let path: String
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "cannot write to \(path) (\(reason))" }
}

extension Unicode.Scalar {
  /// C0, DEL and C1.
  var isControl: Bool { value < 0x20 || (0x7F..<0xA0).contains(value) }
}
