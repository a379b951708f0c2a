import Foundation

/// A value guarded by an `NSLock`.
///
/// Used instead of `Synchronization.Mutex`: on Linux `Mutex` locks with raw futexes, which the
/// thread sanitizer cannot see, so it reports false races; `NSLock` is a pthread mutex it sees.
// NOTE: `@unchecked Sendable` is safe: `value` is read and written only inside `withLock`, while
// the lock is held, and `Value` itself must be `Sendable`.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
