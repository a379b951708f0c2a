import Foundation
import OutsideText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call's error number.
public struct SystemError: Error, Equatable, Sendable {
  /// The error number (`errno`).
  public var code: Int32

  /// An error with this number.
  ///
  /// - Parameter code: The error number.
  public init(code: Int32) { self.code = code }

  /// The error of the last failed call (`errno` now).
  public static var current: SystemError { SystemError(code: errno) }

  /// The system's words for it: `Permission denied`.
  public var reason: String { String(cString: strerror(code)) }
}

/// Files that hold a person's text (a todo list, the lines typed, a recorded session): new files
/// are readable by their owner only (0600) in folders only they can enter (0700), as the XDG
/// base-directory spec asks and shells keep their history; a file rewritten keeps its mode, its
/// owner and the symlink that leads to it.
public enum PrivateFile {
  /// The mode of a new file: read and write for its owner.
  public static let fileMode: mode_t = 0o600
  /// The mode of a new folder: its owner's only.
  public static let folderMode: mode_t = 0o700

  /// The mode bits, owner and group of an existing file.
  public struct Identity: Equatable, Sendable {
    public var mode: mode_t
    public var owner: uid_t
    public var group: gid_t
  }

  /// The identity of the file at `path` (symlinks followed), or `nil` when there is none.
  public static func identity(of path: String) -> Identity? {
    var info = stat()
    guard path.withPathCString({ stat($0, &info) }) == 0 else { return nil }
    return Identity(mode: info.st_mode & 0o777, owner: info.st_uid, group: info.st_gid)
  }

  /// Where `path` leads: itself, or the end of its chain of symlinks, also when that end does not
  /// exist yet (a dangling link names the file a save creates).
  public static func resolvingSymlinks(_ path: String) -> String {
    if let resolved = path.withPathCString({ realpath($0, nil) }) {
      defer { free(resolved) }
      return String(pathCString: resolved)
    }
    var current = path
    for _ in 0..<16 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = current.withPathCString { readlink($0, &buffer, buffer.count - 1) }
      guard count > 0 else { return current }
      let target = String(pathBytes: buffer[..<count].map { UInt8(bitPattern: $0) })
      current =
        target.hasPrefix("/")
        ? target : (current as NSString).deletingLastPathComponent + "/" + target
    }
    return current
  }

  /// Replaces the file `path` leads to with `data`, atomically: written beside it, flushed to
  /// the disk and renamed over it, with its mode and owner (0600 for a new file); a symlink at
  /// `path` stays and leads to the new file.
  ///
  /// - Parameters:
  ///   - path: The file, or a symlink to it.
  ///   - data: The new contents.
  /// - Throws: The failed call's error; the file is then as it was.
  public static func replace(_ path: String, with data: Data) throws(SystemError) {
    let target = resolvingSymlinks(path)
    let folder = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    let temporary = folder + "/." + name + ".tmp-\(getpid())-" + UUID().uuidString.prefix(8)
    do {
      try writeSynced(data, to: temporary, identity: identity(of: target))
      try move(temporary, to: target)
    } catch {
      _ = temporary.withPathCString { unlink($0) }
      throw error
    }
    syncDirectory(folder)
  }

  /// Creates `path` (which must not exist) with `identity` (the owner where permitted), or 0600
  /// without one, writes `data` and flushes it to the disk.
  public static func writeSynced(_ data: Data, to path: String, identity: Identity?)
    throws(SystemError)
  {
    let fd = path.withPathCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode) }
    guard fd >= 0 else { throw .current }
    var failure: SystemError?
    if let identity {
      // NOTE: the owner first, as changing it may clear mode bits; only root may give a file
      // away, so a refusal (EPERM) leaves this user's file as it would be anyway.
      if identity.owner != geteuid() || identity.group != getegid() {
        _ = fchown(fd, identity.owner, identity.group)
      }
      if fchmod(fd, identity.mode) != 0 { failure = .current }
    }
    if failure == nil { failure = written(data, to: fd) }
    if failure == nil, fsync(fd) != 0 { failure = .current }
    if close(fd) != 0, failure == nil { failure = .current }
    if let failure { throw failure }
  }

  /// Writes all of `data` to `fd`; the error, if any.
  public static func written(_ data: Data, to fd: Int32) -> SystemError? {
    data.withUnsafeBytes { raw -> SystemError? in
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
  }

  /// Renames atomically, replacing `target` if it exists.
  public static func move(_ source: String, to target: String) throws(SystemError) {
    let result = source.withPathCString { from in target.withPathCString { rename(from, $0) } }
    if result != 0 { throw .current }
  }

  /// Flushes a directory's entries (a rename) to the disk; best effort.
  public static func syncDirectory(_ path: String) {
    let fd = path.withPathCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  /// Creates the directory and its missing parents, each 0700; an existing one is left as it is.
  public static func makeDirectories(_ path: String) throws(SystemError) {
    if path.withPathCString({ mkdir($0, folderMode) }) == 0 { return }
    switch errno {
    case EEXIST:
      if !isDirectory(path) { throw SystemError(code: ENOTDIR) }
    case ENOENT:
      let parent = (path as NSString).deletingLastPathComponent
      guard !parent.isEmpty, parent != path else { throw .current }
      try makeDirectories(parent)
      if path.withPathCString({ mkdir($0, folderMode) }) != 0, errno != EEXIST { throw .current }
    default:
      throw .current
    }
  }

  /// Whether `path` leads to a directory.
  public static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return path.withPathCString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}
