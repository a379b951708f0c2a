/// A clock with its instant type erased: times are durations since the clock was adopted.
struct EffectClock: Sendable {
  /// The time elapsed since the clock was adopted.
  let now: @Sendable () -> Duration
  /// Sleeps until the given time since adoption; throws `CancellationError` when cancelled.
  let sleep: @Sendable (_ until: Duration) async throws -> Void

  init(_ clock: some Clock<Duration>) {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
  }
}
