import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a lock taken with one compare-and-swap and given back with one store, for
/// hot paths whose critical sections are a few stores long (a recorded send's line).
///
/// A thread that finds it held spins a little, then yields, then sleeps 50 µs at a time: a holder
/// that was descheduled (a low-priority thread) costs its waiters a wait, as a mutex's would, but
/// no more processor time than a few hundred polls.
///
/// NOTE: against `Locked`'s pthread mutex (a compare-and-swap to take it, another atomic to give it
/// back, and calls into the C library), it costs a recorded send about 10 ns less.
// NOTE: `@unchecked Sendable` is safe: the value is touched only between the compare-and-swap that
// takes the lock (acquiring) and the store that gives it back (releasing), so each access is
// ordered after the one before; the thread sanitizer sees both atomics.
@usableFromInline package final class QuickLocked<Value: Sendable>: @unchecked Sendable {
  @usableFromInline let isHeld = Atomic<Bool>(false)
  // NOTE: unchecked: the lock makes the access exclusive; the dynamic check cost a thread-local
  // lookup on every call.
  @exclusivity(unchecked) @usableFromInline var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable
  package func withLock<T>(_ body: (inout Value) -> T) -> T {
    if !isHeld.compareExchange(
      expected: false, desired: true, successOrdering: .acquiring, failureOrdering: .relaxed
    ).exchanged {
      waitForLock()
    }
    defer { isHeld.store(false, ordering: .releasing) }
    return body(&value)
  }

  /// Takes the lock once its holder gives it back.
  @usableFromInline
  func waitForLock() {
    var polls = 0
    while true {
      if !isHeld.load(ordering: .relaxed),
        isHeld.compareExchange(
          expected: false, desired: true, successOrdering: .acquiring, failureOrdering: .relaxed
        ).exchanged
      {
        return
      }
      polls += 1
      if polls < 100 { continue }
      if polls < 200 {
        sched_yield()
      } else {
        usleep(50)
      }
    }
  }
}
