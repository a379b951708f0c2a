import Actomaton

/// A stopwatch: start, stop (pause), resume, lap and reset, with time from an injected clock.
public enum Stopwatch {
  // MARK: - State

  public enum Status: Equatable, Sendable, Codable { case idle, running, paused }

  public struct State: Equatable, Sendable, Codable {
    public var status = Status.idle
    /// The time shown: refreshed on every tick, on `refresh` and whenever the stopwatch stops or
    /// laps.
    public var elapsed = Duration.zero
    /// The laps, first one first.
    public var laps: [Lap] = []
    /// Why the last action was refused, if it was.
    public var refusal: String?
    /// Time run before the current stretch.
    public var accumulated = Duration.zero
    /// The clock reading when the current stretch started, while running.
    public var runningSince: Duration?

    public init() {}

    /// The fastest and slowest laps' numbers, once there are two laps or more and they differ
    /// (when every split is equal, no lap is either).
    public var fastestLap: Int? { hasDistinctLaps ? laps.min { $0.split < $1.split }?.number : nil }
    public var slowestLap: Int? { hasDistinctLaps ? laps.max { $0.split < $1.split }?.number : nil }

    private var hasDistinctLaps: Bool {
      guard let first = laps.first?.split else { return false }
      return laps.contains { $0.split != first }
    }

    func elapsed(at now: Duration) -> Duration {
      accumulated.saturatingAdding(runningSince.map { now.saturatingSubtracting($0) } ?? .zero)
    }
  }

  public struct Lap: Equatable, Sendable, Codable {
    /// 1 for the first lap after a start or reset.
    public var number: Int
    /// This lap's own time.
    public var split: Duration
    /// The stopwatch's time when the lap ended.
    public var total: Duration

    public init(number: Int, split: Duration, total: Duration) {
      self.number = number
      self.split = split
      self.total = total
    }
  }

  // MARK: - Action

  public enum Action: Equatable, Sendable, Codable {
    case start, stop, resume, lap, reset
    /// Brings the time shown up to now, for a host that shows it on request.
    case refresh
    /// The tick effect's beat: sent only by the feature's own effect.
    case _tick
  }

  // MARK: - Environment

  public struct Environment: Sendable {
    /// The time elapsed on a monotonic clock since some fixed point.
    public var now: @Sendable () -> Duration
    public var sleep: @Sendable (Duration) async throws -> Void
    public var tickInterval: Duration

    /// Time and ticks from `clock`, ticking every `tickInterval` (the REPL needs about 10 per
    /// second, a GUI 60); an interval under `minimumTickInterval` is raised to it.
    ///
    /// Times are measured from when the environment is made: keep one for the life of a state.
    public init<C: Clock>(clock: C, tickInterval: Duration = .milliseconds(100))
    where C.Duration == Duration {
      let origin = clock.now
      now = { origin.duration(to: clock.now) }
      sleep = { try await clock.sleep(for: $0) }
      self.tickInterval = max(tickInterval, Stopwatch.minimumTickInterval)
    }
  }

  /// The shortest tick interval: a shorter one (zero, negative) would make the ticks spin.
  public static let minimumTickInterval = Duration.milliseconds(1)

  // MARK: - Reducer

  // NOTE: the reducer never starts or stops the ticks: they run while the state is running.
  public static var reducer: Reducer<Action, State, Environment> {
    Reducer<Action, State, Environment> { action, state, environment in
      // NOTE: a tick is not the person's doing: the refusal they were shown stays.
      if action != ._tick { state.refusal = nil }
      let now = environment.now()
      switch (action, state.status) {
      case (.start, .idle), (.resume, .paused), (.start, .paused):
        state.status = .running
        state.runningSince = now
      case (.stop, .running):
        state.accumulated = state.elapsed(at: now)
        state.elapsed = state.accumulated
        state.runningSince = nil
        state.status = .paused
      case (.lap, .running):
        let total = state.elapsed(at: now)
        let split = total.saturatingSubtracting(state.laps.last?.total ?? .zero)
        state.laps.append(Lap(number: state.laps.count + 1, split: split, total: total))
        state.elapsed = total
      case (._tick, .running), (.refresh, .running):
        state.elapsed = state.elapsed(at: now)
      case (.reset, _):
        state = State()
      case (._tick, _), (.refresh, _):
        break
      case let (action, status):
        state.refusal = "Cannot \(action) while the stopwatch is \(status)."
      }
      return .empty
    }
    .subscriptions { state, environment -> [TickKey: Effect<Action>] in
      state.status == .running ? [TickKey(): ticks(environment)] : [:]
    }
  }

  // MARK: - Effects

  /// The key of the tick subscription, which exists while the stopwatch runs.
  public struct TickKey: Hashable, Sendable {
    public init() {}
  }

  private static func ticks(_ environment: Environment) -> Effect<Action> {
    .run { send in
      while true {
        try await environment.sleep(max(environment.tickInterval, minimumTickInterval))
        await send(._tick)
      }
    }
  }
}
