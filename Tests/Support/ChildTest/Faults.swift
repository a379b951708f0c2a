import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Real faults a child test applies to itself (and to the processes it starts, which inherit
/// them): the kernel refuses the writes, nothing is faked.
extension ChildTest {
  public struct FaultError: Error, CustomStringConvertible {
    public var description: String
  }

  /// The user and group id of `nobody`, which a child running as root becomes.
  public static let unprivilegedID: UInt32 = 65534

  /// When this child runs as root, becomes `nobody` for good (no supplementary groups, then the
  /// group, then the user), so file permissions apply to it again; as another user, does nothing.
  /// Throws when the privileges cannot be dropped, or could be taken back.
  public static func dropRoot() throws {
    try requireChild()
    guard geteuid() == 0 else { return }
    let id = unprivilegedID
    // NOTE: glibc applies these to every thread of the process, not only the calling one.
    guard setgroups(0, nil) == 0, setgid(id) == 0, setuid(id) == 0 else {
      throw FaultError(description: "cannot drop root: \(String(cString: strerror(errno)))")
    }
    guard getuid() == id, geteuid() == id, getegid() == id, setuid(0) != 0 else {
      throw FaultError(description: "root privileges were not dropped for good")
    }
  }

  /// Ignores `SIGXFSZ` in this child and in the processes it starts from now on, so a write past
  /// a file size limit fails with `EFBIG` instead of killing the writer.
  public static func ignoreFileSizeSignal() throws {
    try requireChild()
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Limits the size of the files process `pid` writes to `bytes`, as `ulimit -f` does: a write
  /// past it is cut short, the next fails with `EFBIG`. Limits this child unless told; another
  /// process must have been started by this child after ``ignoreFileSizeSignal()``.
  ///
  /// NOTE: a process limited from its start inherits the limit before its own start-up code runs,
  /// and the thread sanitizer's runtime writes a 512 KB file then (it dies of SIGBUS under a
  /// smaller limit); limiting a process once it has started avoids that.
  public static func limitFileSize(to bytes: Int, of pid: pid_t = getpid()) throws {
    try ignoreFileSizeSignal()
    #if canImport(Glibc)
      let resource = Int32(RLIMIT_FSIZE.rawValue)
    #else
      let resource = RLIMIT_FSIZE
    #endif
    let prlimit = try prlimitFunction()
    var limit = rlimit()
    guard prlimit(pid, resource, nil, &limit) == 0 else {
      throw FaultError(description: "prlimit: \(String(cString: strerror(errno)))")
    }
    limit.rlim_cur = rlim_t(bytes)
    guard prlimit(pid, resource, &limit, nil) == 0 else {
      throw FaultError(description: "prlimit: \(String(cString: strerror(errno)))")
    }
  }

  /// Limits the descriptors process `pid`, another process this one started, may have open to
  /// `count` (its soft limit, as `ulimit -S -n` would have set it); this process is untouched.
  public static func limitOpenFiles(to count: Int, of pid: pid_t) throws {
    #if canImport(Glibc)
      let resource = Int32(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    let prlimit = try prlimitFunction()
    var limit = rlimit()
    guard prlimit(pid, resource, nil, &limit) == 0 else {
      throw FaultError(description: "prlimit: \(String(cString: strerror(errno)))")
    }
    limit.rlim_cur = rlim_t(count)
    guard prlimit(pid, resource, &limit, nil) == 0 else {
      throw FaultError(description: "prlimit: \(String(cString: strerror(errno)))")
    }
  }

  /// The C library's `prlimit`, which Swift does not import (it is declared for `_GNU_SOURCE`).
  private typealias Prlimit =
    @convention(c) (
      pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?
    ) -> Int32

  private static func prlimitFunction() throws -> Prlimit {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prlimit") else {
      throw FaultError(description: "the C library has no prlimit")
    }
    return unsafeBitCast(symbol, to: Prlimit.self)
  }

  private static func requireChild() throws {
    guard isChild else {
      throw FaultError(description: "a fault is applied in a child process only, never here")
    }
  }
}
