import ActomatonTesting

/// A child with a timer, a queue and a counter, lifted three ways by `Parent`.
enum Row {
  struct State: Equatable, Sendable, Identifiable {
    var id: Int
    var count = 0
  }

  enum Action: Equatable, Sendable {
    /// Starts a timer (id `TimerID`) that ticks once after 1 s.
    case start
    case tick
    case cancelTimer
    /// Joins the one-at-a-time `Line` queue: 1 s of work, then `done(n)`.
    case enqueue(Int)
    case done(Int)
  }

  struct TimerID: EffectIDProtocol {}
  struct Line: Oldest1SuspendNewEffectQueueProtocol {}

  static func reducer(clock: TestClock) -> Reducer<Action, State, Void> {
    Reducer { action, state, _ in
      switch action {
      case .start:
        return Effect(id: TimerID()) {
          try await clock.sleep(for: .seconds(1))
          return .tick
        }
      case .tick:
        state.count += 1
        return .empty
      case .cancelTimer:
        return .cancel(id: TimerID())
      case let .enqueue(n):
        return Effect(queue: Line()) {
          try await clock.sleep(for: .seconds(1))
          return .done(n)
        }
      case let .done(n):
        state.count = n
        return .empty
      }
    }
  }
}

/// Rows in a list, an optional detail row and a screen that may show a row.
enum Parent {
  enum Screen: Equatable, Sendable {
    case row(Row.State)
    case other
  }

  struct State: Equatable, Sendable {
    var rows: IdentifiedArray<Row.State> = []
    var detail: Row.State?
    var screen: Screen?
    var stopped: [String] = []
  }

  enum Action: Equatable, Sendable {
    case row(Int, Row.Action)
    case detail(Row.Action)
    case screen(Row.Action)
    case add(Int)
    case remove(Int)
    case setDetail(Row.State?)
    case show(Screen?)
    case stopped(String)
  }

  static let own = Reducer<Action, State, Void> { action, state, _ in
    switch action {
    case let .add(id): state.rows.append(Row.State(id: id))
    case let .remove(id): state.rows.remove(id: id)
    case let .setDetail(detail): state.detail = detail
    case let .show(screen): state.screen = screen
    case let .stopped(name): state.stopped.append(name)
    case .row, .detail, .screen: break
    }
    return .empty
  }

  /// `onStop` of the detail answers after 1 s, to show the stop does not cancel it.
  static func reducer(clock: TestClock) -> Reducer<Action, State, Void> {
    let row = Row.reducer(clock: clock)
    let rowAction: CasePath<Action, (Int, Row.Action)> = /Action.row
    let detailAction: CasePath<Action, Row.Action> = /Action.detail
    let screenAction: CasePath<Action, Row.Action> = /Action.screen
    let screenRow: CasePath<Screen?, Row.State> = /Screen.row
    let lateStop = Effect<Action> {
      try await clock.sleep(for: .seconds(1))
      return .stopped("detail")
    }
    return
      own
      .children(
        row, state: \.rows, action: rowAction, environment: { _ in },
        onStop: { .nextAction(.stopped("row \($0)")) }
      )
      .child(
        row, state: \.detail, action: detailAction, environment: { _ in },
        onStart: .nextAction(.start), onStop: lateStop
      )
      .child(
        row, state: \.screen, case: screenRow, action: screenAction, environment: { _ in })
  }

  static func store(_ state: State = State()) -> (TestStore<Action, State>, TestClock) {
    let clock = TestClock()
    return (TestStore(initialState: state, reducer: reducer(clock: clock), clock: clock), clock)
  }
}

/// A stopwatch-like child: it ticks (a subscription) while it runs.
struct Watch: Equatable, Sendable {
  enum Phase: Equatable, Sendable { case idle, active }

  var isRunning = false
  var phase: Phase = .idle

  static func reducer(_ clock: TestClock) -> Reducer<WatchAction, Watch, Void> {
    Reducer<WatchAction, Watch, Void> { action, state, _ in
      switch action {
      case .start: state.isRunning = true
      case .activate: state.phase = .active
      case .tick: break
      }
      return .empty
    }
    .subscriptions { state, _ in state.isRunning ? ["tick": clock.forever()] : [:] }
  }
}

enum WatchAction: Equatable, Sendable { case start, activate, tick }
