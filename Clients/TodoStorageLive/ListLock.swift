import Foundation
import OutsideText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The advisory lock that serialises the list's loads and saves across processes: `flock` on
/// the folder the list's file is in, held only while a load or a save reads, merges and writes
/// (milliseconds, never while a person types). The kernel releases it when its holder dies, so
/// a killed save never leaves the list locked.
///
/// NOTE: the folder, not a `todos.json.lock` file beside the list: a lock file can never be
/// removed safely (a process may be waiting on the one it opened), so it would stay in the
/// folder for good, and it could not be created in a read-only folder, which a load must still
/// read. A folder opened for reading takes an `flock` on Linux and macOS alike; the temporary
/// files and the list are written inside it, under the lock.
struct ListLock {
  private let descriptor: Int32

  /// Takes the lock for the list in `directory`, waiting for another process to release it;
  /// `nil` when the folder cannot be opened (it does not exist yet: nothing to read or clean).
  static func acquire(in directory: String) -> ListLock? {
    let descriptor = directory.withPathCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        close(descriptor)
        return nil
      }
    }
    return ListLock(descriptor: descriptor)
  }

  /// Releases the lock.
  func release() {
    close(descriptor)
  }
}
