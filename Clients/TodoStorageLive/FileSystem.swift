import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call's error number.
struct SystemError: Error, Equatable {
  var code: Int32

  static var current: SystemError { SystemError(code: errno) }

  var reason: String { String(cString: strerror(code)) }
}

/// The few POSIX calls the live storage needs, with their errors as values.
enum FileSystem {
  /// The file's bytes, or `nil` when it does not exist (nor can: a parent is not a directory).
  static func readFile(_ path: String) throws(SystemError) -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw .current
    }
    defer { close(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[..<count])
    }
  }

  /// Creates `path` (which must not exist), writes `data` and flushes it to the disk.
  static func writeSynced(_ data: Data, to path: String) throws(SystemError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .current }
    var failure = data.withUnsafeBytes { raw -> SystemError? in
      var offset = 0
      while offset < raw.count {
        let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return .current
        }
        offset += written
      }
      return nil
    }
    if failure == nil, fsync(fd) != 0 { failure = .current }
    if close(fd) != 0, failure == nil { failure = .current }
    if let failure { throw failure }
  }

  /// Renames atomically, replacing `target` if it exists.
  static func move(_ source: String, to target: String) throws(SystemError) {
    if rename(source, target) != 0 { throw .current }
  }

  /// Flushes a directory's entries (a rename) to the disk; best effort.
  static func syncDirectory(_ path: String) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  /// Creates the directory and its missing parents.
  static func makeDirectories(_ path: String) throws(SystemError) {
    if mkdir(path, 0o755) == 0 { return }
    switch errno {
    case EEXIST:
      if !isDirectory(path) { throw SystemError(code: ENOTDIR) }
    case ENOENT:
      let parent = (path as NSString).deletingLastPathComponent
      guard !parent.isEmpty, parent != path else { throw .current }
      try makeDirectories(parent)
      if mkdir(path, 0o755) != 0, errno != EEXIST { throw .current }
    default:
      throw .current
    }
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  static func remove(_ path: String) {
    _ = unlink(path)
  }

  /// The names in a directory; none when it cannot be listed.
  static func entries(_ directory: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
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
