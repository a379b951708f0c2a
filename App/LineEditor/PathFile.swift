import Foundation
import OutsideText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing a file by its path's own bytes (see `String(pathBytes:)`), which Foundation's URLs
/// would turn into U+FFFD when they are not UTF-8: the history's rewrites and `report`.
public enum PathFile {
  /// Why a file could not be written, in words.
  public struct Failure: Error, Equatable {
    public let reason: String
  }

  /// `mkdir -p`: the folder and its missing parents.
  public static func makeFolders(_ path: String) throws(Failure) {
    if path.isEmpty || path.withPathCString({ mkdir($0, 0o755) }) == 0 { return }
    let number = errno
    if number == ENOENT || number == ENOTDIR {
      let parent = (path as NSString).deletingLastPathComponent
      if parent != path {
        try makeFolders(parent)
        if path.withPathCString({ mkdir($0, 0o755) }) == 0 { return }
      }
    }
    var status = stat()
    if path.withPathCString({ stat($0, &status) }) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR { return }
      throw Failure(reason: "\(path) is a file, not a folder")
    }
    throw Failure(reason: String(cString: strerror(number)))
  }

  /// Replaces the file at `path` with `bytes`, atomically: a new file beside it, renamed over it.
  public static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
    let temporary = path + ".tmp-\(getpid())"
    let file = temporary.withPathCString {
      open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard file >= 0 else { throw .current }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(file, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      written += count
    }
    let failure: Failure? =
      written < bytes.count
      ? .current
      : temporary.withPathCString({ from in path.withPathCString { rename(from, $0) } }) != 0
        ? .current : nil
    close(file)
    if let failure {
      _ = temporary.withPathCString { unlink($0) }
      throw failure
    }
  }
}

extension PathFile.Failure {
  static var current: Self { Self(reason: String(cString: strerror(errno))) }
}
