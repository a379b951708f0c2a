import Foundation
import OutsideText
import PrivateFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// NOTE: the storage's errors are the private files' (`PrivateFiles`), which write the list.
typealias SystemError = PrivateFiles.SystemError

/// The few POSIX calls the live storage needs, with their errors as values.
enum FileSystem {
  /// Why a file was not read: a system error, or what made it unfit to read.
  struct ReadFailure: Error, Equatable {
    var reason: String

    static var current: ReadFailure { ReadFailure(reason: SystemError.current.reason) }
  }

  /// The bytes of the regular file at `path` (symlinks followed), or `nil` when nothing is there.
  ///
  /// NOTE: opened without blocking, so a FIFO cannot hang the open; anything but a regular file
  /// (a FIFO, a device such as `/dev/zero`, a directory) is refused before a byte is read, and so
  /// is a file larger than `limit`, which is all that is ever read.
  static func readRegularFile(_ path: String, limit: Int) throws(ReadFailure) -> Data? {
    let fd = path.withPathCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
    if fd < 0 {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw .current
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .current }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw ReadFailure(
        reason: "it is not a regular file but \(PrivateFile.kind(of: info.st_mode))")
    }
    let tooLarge = ReadFailure(reason: "it is larger than \(size(limit))")
    guard info.st_size <= limit else { throw tooLarge }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      if count == 0 { return data }
      // NOTE: the size was checked, but the file may grow while it is read.
      guard data.count + count <= limit else { throw tooLarge }
      data.append(contentsOf: buffer[..<count])
    }
  }

  /// `16 MiB`, `64 KiB`, `100 bytes`.
  static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return path.withPathCString { lstat($0, &info) } == 0
  }

  static func remove(_ path: String) {
    _ = path.withPathCString { unlink($0) }
  }

  /// The names in a directory; none when it cannot be listed.
  static func entries(_ directory: String) -> [String] {
    guard let stream = directory.withPathCString({ opendir($0) }) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(pathCString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// What tells one version of a file from the next: a save renames a new file over the old.
  struct Version: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int
    /// When the inode last changed: an edit in place that keeps the size and the modification
    /// time (within its tick, or set back) still changes it.
    var changed: Int
  }

  /// The version of the file at `path` (symlinks followed), or `nil` when there is none.
  static func version(of path: String) -> Version? {
    var info = stat()
    guard path.withPathCString({ stat($0, &info) }) == 0 else { return nil }
    #if canImport(Darwin)
      let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (modified, changed) = (info.st_mtim, info.st_ctim)
    #endif
    return Version(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int(modified.tv_sec) * 1_000_000_000 + Int(modified.tv_nsec),
      changed: Int(changed.tv_sec) * 1_000_000_000 + Int(changed.tv_nsec))
  }

  /// Seconds since the file at `path` was last modified, or `nil` when there is none.
  static func age(of path: String) -> TimeInterval? {
    var info = stat()
    guard path.withPathCString({ lstat($0, &info) }) == 0 else { return nil }
    #if canImport(Darwin)
      let seconds = info.st_mtimespec.tv_sec
    #else
      let seconds = info.st_mtim.tv_sec
    #endif
    return Date().timeIntervalSince1970 - TimeInterval(seconds)
  }

  /// Whether a process with this id exists (it may belong to another user).
  static func isProcessAlive(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// `date` in UTC as `20250102T030405Z`.
  static func timestamp(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return String(
      format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
      parts.tm_hour, parts.tm_min, parts.tm_sec)
  }
}
