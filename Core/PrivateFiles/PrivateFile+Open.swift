import Foundation
import OutsideText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension PrivateFile {
  /// Why a file was not opened: the system's reason, or what it is instead of a regular file.
  public struct OpenFailure: Error, Equatable, Sendable {
    /// `Permission denied`, `it is not a regular file but a FIFO`.
    public var reason: String

    /// A failure for this reason.
    ///
    /// - Parameter reason: The system's reason, or what the file is instead.
    public init(reason: String) { self.reason = reason }
  }

  /// Opens the regular file at `path` for writing (symlinks followed), creating it 0600 when it
  /// is missing; `flags` adds to `O_WRONLY` (`O_APPEND`).
  ///
  /// NOTE: opened without blocking, so a FIFO cannot hang the open (it waits for a reader);
  /// anything but a regular file (a FIFO, a pipe such as `/dev/stdout`, a device) is refused
  /// before a byte is written.
  ///
  /// - Returns: The descriptor, blocking again; the caller closes it.
  public static func openRegularFileForWriting(_ path: String, flags: Int32 = 0)
    throws(OpenFailure) -> Int32
  {
    let fd = path.withPathCString {
      open($0, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | flags, fileMode)
    }
    guard fd >= 0 else {
      // NOTE: a FIFO without a reader refuses a non-blocking writer (ENXIO), a folder any writer.
      let failure = SystemError.current
      var info = stat()
      if path.withPathCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT != S_IFREG {
        throw OpenFailure(reason: "it is not a regular file but \(kind(of: info.st_mode))")
      }
      throw OpenFailure(reason: failure.reason)
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = SystemError.current.reason
      close(fd)
      throw OpenFailure(reason: reason)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw OpenFailure(reason: "it is not a regular file but \(kind(of: info.st_mode))")
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
  }

  /// What a file of this mode is, in words: `a FIFO`, `a directory`.
  public static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFDIR: "a directory"
    case S_IFSOCK: "a socket"
    default: "a special file"
    }
  }
}
