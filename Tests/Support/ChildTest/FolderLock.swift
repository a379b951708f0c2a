import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The todo list's cross-process lock seen from a test: held by the test as a barrier that
/// saves of other processes wait at, and the kernel's list of who waits for it.
extension ChildTest {
  /// An `flock` on a folder, as the live todo storage takes it, held until ``release()``.
  public final class FolderLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock on `directory`, waiting while another process holds it.
    public init(_ directory: URL) throws {
      descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
        throw FaultError(
          description: "cannot lock \(directory.path): \(String(cString: strerror(errno)))")
      }
    }

    /// Releases the lock (once).
    public func release() {
      close(descriptor)
    }
  }

  /// The processes the kernel shows waiting for an `flock` (the `->` lines of `/proc/locks`).
  public static var processesWaitingForALock: Set<Int32> {
    guard let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return [] }
    var waiting = Set<Int32>()
    for line in text.split(separator: "\n") where line.contains("-> FLOCK") {
      let fields = line.split(separator: " ")
      guard let arrow = fields.firstIndex(of: "->"), fields.count > arrow + 4 else { continue }
      if let pid = Int32(fields[arrow + 4]) { waiting.insert(pid) }
    }
    return waiting
  }

  /// Waits (polling, in real time, bounded by `limit`) until every process of `pids` waits for
  /// an `flock`; whether they all did.
  public static func waitUntilWaitingForALock(_ pids: Set<Int32>, within limit: Duration)
    async throws -> Bool
  {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if pids.isSubset(of: processesWaitingForALock) { return true }
      // NOTE: real time on purpose: another process is watched from here.
      try await Task.sleep(for: .milliseconds(5))
    }
    return false
  }
}
