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
/// their times, in their order.
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
    startTicks = time_stamp_counter_read()
    #if canImport(Glibc) || canImport(Musl)
      startNanoseconds = bootTimeNanoseconds()
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
      let before = time_stamp_counter_read()
      let nanoseconds = bootTimeNanoseconds() &- startNanoseconds
      let after = time_stamp_counter_read()
      let ticks = before &- startTicks &+ (after &- before) / 2
      return Reading(ticks: Int64(bitPattern: ticks), nanoseconds: nanoseconds)
    #else
      return Reading(ticks: 0, nanoseconds: 0)
    #endif
  }

  /// The reading of the start.
  var start: Reading { Reading(ticks: 0, nanoseconds: 0) }

  /// The time since the start of a stamp taken between readings `from` and `to`.
  static func time(of stamp: Duration, from: Reading, to: Reading) -> Duration {
    let (seconds, attoseconds) = stamp.components
    let ticks = seconds &* 1_000_000_000_000_000_000 &+ attoseconds
    guard to.ticks > from.ticks else { return .nanoseconds(max(0, from.nanoseconds)) }
    let perTick = Double(to.nanoseconds - from.nanoseconds) / Double(to.ticks - from.ticks)
    let nanoseconds = Double(from.nanoseconds) + Double(ticks - from.ticks) * perTick
    return .nanoseconds(max(0, Int64(nanoseconds.rounded())))
  }
}
