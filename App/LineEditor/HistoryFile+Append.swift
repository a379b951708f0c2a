import Foundation
import OutsideText
import PrivateFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HistoryFile {
  /// Adds `line` at the end of the file, so that the lines of sessions typing at once all stay
  /// (as shells that append their history do); once the file holds half as many lines again as
  /// `limit`, rewrites it with the last `limit` (a repeat of the line before dropped), atomically.
  ///
  /// NOTE: under an `flock` on the file's folder, not on the file: the rewrite renames a new
  /// file over the old one, and a lock on the old file would not stop an append to the new.
  public func append(_ line: String, limit: Int = 1_000) throws(HistoryFileError) {
    let failure = HistoryFileError(path: url.path, reason: "the file could not be written")
    let folder = url.deletingLastPathComponent().path.withPathCString {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard folder >= 0 else { throw failure }
    defer { close(folder) }
    while flock(folder, LOCK_EX) != 0 {
      guard errno == EINTR else { throw failure }
    }
    guard let file = try? PrivateFile.openRegularFileForWriting(url.path, flags: O_APPEND) else {
      throw failure
    }
    let bytes = Array((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    var status = stat()
    let size = fstat(file, &status) == 0 ? Int(status.st_size) : 0
    close(file)
    guard written == bytes.count else { throw failure }
    // NOTE: a file past the read limit is cut at once, so the next start reads it whole.
    if size <= Self.readLimit {
      guard read(limit: .max).0.entries.count > limit + limit / 2 else { return }
    }
    try save(load(limit: limit).entries)
  }
}
