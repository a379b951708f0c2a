#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of files the process may have open at once (`ulimit -n`), checked at start.
///
/// NOTE: checked before anything is read: past the limit, libdispatch traps (SIGILL) when it
/// cannot make its own descriptors, which it does only once a screen schedules work (the todo
/// list's save), and the lines typed by then are lost.
public enum DescriptorLimit {
  /// What the app needs: the standard three, the signal pipe, libdispatch's and the network's
  /// descriptors, and the list's files during a save, with room to spare.
  public static let required = 32
  /// What the soft limit is raised to when it is lower, as far as the hard limit allows.
  static let wanted = 1_024

  /// Raises the soft limit toward `wanted` (no further than the hard limit); the message that
  /// refuses to start when the limit stays under `required`, or nil.
  public static func ensure(program: String) -> String? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    if limit.rlim_cur < rlim_t(wanted) {
      var raised = limit
      raised.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    guard limit.rlim_cur < rlim_t(required) else { return nil }
    return "only \(limit.rlim_cur) files may be open at once (ulimit -n, hard limit"
      + " \(limit.rlim_max)); \(program) needs \(required): raise it with 'ulimit -n \(required)'"
  }

  #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let resource = RLIMIT_NOFILE
  #endif
}
