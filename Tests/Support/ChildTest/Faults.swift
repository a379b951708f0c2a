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

  /// Limits the size of the files this child (and what it starts) writes to `bytes`, as
  /// `ulimit -f` does: a write past it is cut short, the next fails with `EFBIG`. `SIGXFSZ`,
  /// which would kill the process instead, is ignored.
  public static func limitFileSize(to bytes: Int) throws {
    try requireChild()
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
      let resource = RLIMIT_FSIZE
    #endif
    guard getrlimit(resource, &limit) == 0 else {
      throw FaultError(description: "getrlimit: \(String(cString: strerror(errno)))")
    }
    limit.rlim_cur = rlim_t(bytes)
    guard setrlimit(resource, &limit) == 0 else {
      throw FaultError(description: "setrlimit: \(String(cString: strerror(errno)))")
    }
  }

  private static func requireChild() throws {
    guard isChild else {
      throw FaultError(description: "a fault is applied in a child process only, never here")
    }
  }
}
