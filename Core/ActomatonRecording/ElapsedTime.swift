#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The time since now on the live clock, as a function to call for each entry.
///
/// NOTE: on Linux it reads the clock `ContinuousClock` reads (`CLOCK_BOOTTIME`) and subtracts
/// whole nanoseconds: `ContinuousClock.now - start` builds two instants from 128-bit attoseconds
/// and subtracts them, and cost a recorded send 43 ns against 23 this way (the clock itself).
func liveElapsedTime() -> @Sendable () -> Duration {
  #if canImport(Glibc) || canImport(Musl)
    let start = bootTimeNanoseconds()
    return { .nanoseconds(bootTimeNanoseconds() &- start) }
  #else
    let start = ContinuousClock.now
    return { ContinuousClock.now - start }
  #endif
}

#if canImport(Glibc) || canImport(Musl)
  private func bootTimeNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &now)
    return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
  }
#endif
