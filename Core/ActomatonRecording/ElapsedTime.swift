import Foundation
import TimeStampCounter

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

/// The live clock read through the processor's time-stamp counter: an entry is stamped with the
/// counter, and the writer turns the stamps into the continuous clock's time when it takes the
/// lines.
///
/// NOTE: a stamp costs a recorded send 10 ns against 23 for the clock. Its time is interpolated
/// between two readings of both the counter and the clock taken around it (one at the start or
/// at the writer's last take, one when the writer takes the line), so its error is at most the
/// error of pairing those readings (tens of nanoseconds), however long the recording runs. Used
/// only where the kernel itself keeps time by the counter (its clock source is `tsc`, or the
/// ARM generic timer), so the counter ticks at a constant rate. The counter stops while the
/// machine sleeps: lines that wait for the writer across a suspend have the sleep spread over
/// their times, in their order (or, where the firmware resets the counter, the time of the last
/// take).
final class TickClock: Sendable {
  /// The counter and the clock read together: the counter's ticks since the start, the clock's
  /// nanoseconds since the start.
  struct Reading {
    var ticks: Int64
    var nanoseconds: Int64
  }

  let startTicks: UInt64
  #if canImport(Glibc) || canImport(Musl)
    private let startNanoseconds: Int64
  #endif

  /// A tick clock starting now, or `nil` where the counter cannot stand for the clock.
  static func make() -> TickClock? {
    #if canImport(Glibc) || canImport(Musl)
      guard isTrusted else { return nil }
      return TickClock()
    #else
      return nil
    #endif
  }

  /// Whether the kernel keeps its time by the counter, so the counter ticks at a constant rate.
  private static let isTrusted: Bool = {
    guard time_stamp_counter_exists() != 0 else { return false }
    #if arch(arm64)
      return true
    #else
      let source = try? String(
        contentsOfFile: "/sys/devices/system/clocksource/clocksource0/current_clocksource",
        encoding: .utf8)
      return source?.trimmingCharacters(in: .whitespacesAndNewlines) == "tsc"
    #endif
  }()

  private init() {
    #if canImport(Glibc) || canImport(Musl)
      (startTicks, startNanoseconds) = Self.pair()
    #else
      startTicks = time_stamp_counter_read()
    #endif
  }

  /// The stamp of now: the counter's ticks since the start, carried as a duration's attoseconds
  /// until ``time(of:from:to:)`` turns it into the time since the start.
  func stamp() -> Duration {
    .init(
      secondsComponent: 0,
      attosecondsComponent: Int64(bitPattern: time_stamp_counter_read() &- startTicks))
  }

  /// The counter and the clock now, read together.
  func read() -> Reading {
    #if canImport(Glibc) || canImport(Musl)
      let (ticks, nanoseconds) = Self.pair()
      return Reading(
        ticks: Int64(bitPattern: ticks &- startTicks), nanoseconds: nanoseconds &- startNanoseconds)
    #else
      return Reading(ticks: 0, nanoseconds: 0)
    #endif
  }

  #if canImport(Glibc) || canImport(Musl)
    /// The counter (the middle of two reads around the clock's) and the clock, read together:
    /// the narrowest of four tries.
    ///
    /// NOTE: the narrowest, so that a thread switched out between the reads (the writer runs at
    /// nice 19) does not skew the times of the lines around it by the time it was out.
    private static func pair() -> (ticks: UInt64, nanoseconds: Int64) {
      var best: (ticks: UInt64, nanoseconds: Int64, width: UInt64)?
      for _ in 0..<4 {
        let before = time_stamp_counter_read()
        let nanoseconds = bootTimeNanoseconds()
        let after = time_stamp_counter_read()
        // NOTE: a thread moved between two reads can see the counter of another core a little
        // behind; such a try is skipped.
        guard after >= before else { continue }
        let width = after - before
        if width < best?.width ?? .max { best = (before + width / 2, nanoseconds, width) }
      }
      if let best { return (best.ticks, best.nanoseconds) }
      return (time_stamp_counter_read(), bootTimeNanoseconds())
    }
  #endif

  /// The reading of the start.
  var start: Reading { Reading(ticks: 0, nanoseconds: 0) }

  /// The time since the start of a stamp taken between readings `from` and `to`.
  static func time(of stamp: Duration, from: Reading, to: Reading) -> Duration {
    let (seconds, attoseconds) = stamp.components
    let ticks = seconds &* 1_000_000_000_000_000_000 &+ attoseconds
    // NOTE: differences wrap rather than trap, and a result that is not a time since the start
    // (a counter that went back, readings too close to give a rate) is the earlier reading's.
    let span = Double(to.ticks &- from.ticks)
    let perTick = Double(to.nanoseconds &- from.nanoseconds) / span
    let nanoseconds = Double(from.nanoseconds) + Double(ticks &- from.ticks) * perTick
    guard span > 0, perTick >= 0, nanoseconds.isFinite, nanoseconds >= 0, nanoseconds < 1e18
    else { return .nanoseconds(max(0, from.nanoseconds)) }
    return .nanoseconds(Int64(nanoseconds.rounded()))
  }
}
