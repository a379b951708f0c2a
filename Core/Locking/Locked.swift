#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a pthread mutex, in one allocation; copies share the value and the lock.
///
/// The lock of the package: the core, the clients and the test support use it (only the
/// recorder's hot path uses ``QuickLocked``).
///
/// Used instead of `Synchronization.Mutex` because the thread sanitizer sees the ordering a pthread
/// mutex creates, while `Mutex`'s futex-based lock on Linux is invisible to it and yields false
/// race reports.
// NOTE: `@unchecked Sendable` is safe: the value is read and written only inside `withLock`,
// while the mutex is held, and `Value` itself must be `Sendable`.
@usableFromInline package struct Locked<Value: Sendable>: @unchecked Sendable {
  @usableFromInline let buffer: Buffer

  @inlinable
  package init(_ value: Value) {
    buffer = Buffer.make(value)
  }

  /// Runs `body` with exclusive access to the value; rethrows what `body` throws, typed.
  ///
  /// Inlinable, so that callers in other modules specialise it: an unspecialised call looks up
  /// generic metadata at run time, which costs more than the lock itself.
  @inlinable
  package func withLock<T, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> T
  ) throws(Failure) -> T {
    // NOTE: the lock is taken and given back in closures of their own, and the value is reached
    // through the buffer's header in between, so no result has to be wrapped on its way out of a
    // closure (an unspecialised caller would look up the metadata of the wrapper every time).
    // NOTE: the value through a pointer, not `buffer.header`: an `inout` access to a class's
    // stored property is checked for exclusivity at run time (10 ns a call, a fifth of a recorded
    // send's lock), and the mutex already makes the access exclusive.
    buffer.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
    defer { buffer.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }
    return try buffer.withUnsafeMutablePointerToHeader { value throws(Failure) in
      try body(&value.pointee)
    }
  }

  /// The value as the header and the mutex as the single element, so the mutex has a stable
  /// address without an allocation of its own.
  @usableFromInline
  final class Buffer: ManagedBuffer<Value, pthread_mutex_t> {
    @inlinable
    static func make(_ value: Value) -> Buffer {
      let buffer = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: Buffer.self)
      buffer.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
      return buffer
    }

    deinit {
      _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }
  }
}

/// A bare pthread mutex, for hot paths in generic code: `lock()` and `unlock()` are not generic,
/// so a caller that is not specialised pays no generic metadata lookup for them.
// NOTE: `@unchecked Sendable` is safe: the mutex is made for use from several threads, and it is
// destroyed only in `deinit`, when no thread can hold a reference.
package final class PlainLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Takes the mutex, waiting while another thread holds it.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Gives the mutex back.
  package func unlock() { pthread_mutex_unlock(mutex) }
}
