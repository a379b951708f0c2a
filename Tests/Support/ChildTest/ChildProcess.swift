import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A child process the tests start with `posix_spawn` and reap with `waitpid` on its pid, with
/// the few parts of `Process` the tests use (`isRunning`, `terminationReason`, `terminate()`).
///
/// NOTE: not Foundation's `Process`: on Linux it learns of an exit when a socket it gave the child
/// closes, and misses it while any other process holds a copy of that socket
/// (swift-corelibs-foundation#4795); a test once waited 25 minutes for a `gallery` that had
/// exited. `waitpid` cannot miss an exit, and every wait here ends at a deadline.
public final class ChildProcess: Sendable {
  /// Where one of the child's standard streams (0, 1, 2) comes from or goes.
  public enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// This descriptor (a terminal, a file), which the caller keeps and closes.
    case descriptor(Int32)
    /// The child's end of this pipe (the read end for input, the write end for output); this
    /// process's copy of it is closed once the child has its own, so end of file can come.
    case pipe(Pipe)
  }

  /// A pipe whose two ends are closed on exec, so no child inherits them but through a `Stream`.
  // NOTE: Foundation's `Pipe` is not close-on-exec: a child spawned beside it (by any thread)
  // would hold its write end, and its reader would see no end of file while that child lives.
  public final class Pipe: Sendable {
    public let fileHandleForReading: FileHandle
    public let fileHandleForWriting: FileHandle

    public init() throws {
      var ends: [Int32] = [-1, -1]
      guard Self.pipe2(&ends, O_CLOEXEC) == 0 else { throw Failure(errno: errno, doing: "pipe2") }
      fileHandleForReading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
      fileHandleForWriting = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    // NOTE: looked up, as `prlimit` in Faults.swift: Swift does not import the `_GNU_SOURCE` part.
    private static let pipe2 = unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "pipe2")!, to: Pipe2.self)
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }

    init(errno number: Int32, doing what: String) {
      description = "\(what): \(String(cString: strerror(number)))"
    }
  }

  /// How long a wait for a child's exit lasts before the child is taken to hang: as
  /// `Duration.hangStop` in TestTraits, which this target does not depend on.
  public static let exitLimit: Duration = .seconds(300)

  public let processIdentifier: pid_t
  /// The executable's file name, for messages.
  private let name: String
  /// The status `waitpid` gave, once it has reaped the child; the pid is the child's until then.
  private let reaped = Mutex<Int32?>(nil)

  /// Starts `executable` (a path) with `arguments` and exactly `environment`. As with `Process`,
  /// the child leads a process group of its own, has no descriptor but 0, 1 and 2, and inherits
  /// the signal mask and ignored signals of the calling thread.
  public init(
    _ executable: String, _ arguments: [String], environment: [String: String],
    input: Stream = .null, output: Stream = .null, errors: Stream = .null
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, stream) in [(Int32(0), input), (1, output), (2, errors)] {
      let result: Int32
      switch stream {
      case .null:
        result = posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
      case let .descriptor(descriptor):
        result = posix_spawn_file_actions_adddup2(&actions, descriptor, target)
      case let .pipe(pipe):
        let end = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
        result = posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, target)
      }
      guard result == 0 else { throw Failure(errno: result, doing: "posix_spawn_file_actions") }
    }
    // NOTE: after the `dup2`s: whatever else is open here (Foundation's pipes included) stays
    // out of the child. glibc before 2.34 lacks it; the pipes made here are close-on-exec anyway.
    if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else { throw Failure(errno: result, doing: "posix_spawn \(executable)") }
    processIdentifier = pid
    name = URL(fileURLWithPath: executable).lastPathComponent
    for (target, stream) in [(0, input), (1, output), (2, errors)] {
      guard case let .pipe(pipe) = stream else { continue }
      try? (target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
    }
  }

  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private static let closeFrom = dlsym(
    dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np"
  ).map { unsafeBitCast($0, to: CloseFrom.self) }

  /// Whether the child has not exited yet; reaps it (without waiting) when it has.
  public var isRunning: Bool {
    reaped.withLock { status in
      guard status == nil else { return false }
      var raw: Int32 = 0
      while true {
        let result = waitpid(processIdentifier, &raw, WNOHANG)
        if result == -1, errno == EINTR { continue }
        guard result != 0 else { return true }
        // NOTE: -1 (ECHILD) only if something else reaped it: gone all the same, status 255.
        status = result == processIdentifier ? raw : 255 << 8
        return false
      }
    }
  }

  public var terminationReason: Process.TerminationReason {
    waitStatus & 0x7F == 0 ? .exit : .uncaughtSignal
  }

  /// The exit status, or the number of the signal that ended the child.
  public var terminationStatus: Int32 {
    waitStatus & 0x7F == 0 ? (waitStatus >> 8) & 0xFF : waitStatus & 0x7F
  }

  private var waitStatus: Int32 {
    guard let status = reaped.withLock({ $0 }) else { preconditionFailure("still running") }
    return status
  }

  /// Sends `signal` unless the child has been reaped (then its pid may be another process's).
  public func signal(_ number: Int32) {
    reaped.withLock { if $0 == nil { _ = kill(processIdentifier, number) } }
  }

  public func terminate() { signal(SIGTERM) }

  /// Waits (polling `waitpid`) until the child has exited or `limit` has passed; whether it
  /// exited. Blocks: call it on a thread of its own (`ChildTest.onItsOwnThread`).
  public func wait(within limit: Duration) -> Bool {
    let deadline = ContinuousClock.now + limit
    while isRunning {
      guard ContinuousClock.now < deadline else { return false }
      // NOTE: real time on purpose: another process is watched from here.
      usleep(5_000)
    }
    return true
  }

  /// Waits for the exit; a child still running after `limit` is killed and an error thrown.
  public func waitForExit(within limit: Duration = exitLimit) throws {
    guard !wait(within: limit) else { return }
    throw killedForHanging(after: limit)
  }

  /// Kills the child (SIGKILL) and reaps it; the error that says it hung for `limit`.
  public func killedForHanging(after limit: Duration) -> Failure {
    signal(SIGKILL)
    _ = wait(within: limit)
    return Failure("\(name) (pid \(processIdentifier)) still ran after \(limit): killed it")
  }

  /// As `Process.waitUntilExit()`, bounded: a hang is killed and recorded as an issue.
  public func waitUntilExit(within limit: Duration = exitLimit) {
    do { try waitForExit(within: limit) } catch { Issue.record("\(error)") }
  }
}
