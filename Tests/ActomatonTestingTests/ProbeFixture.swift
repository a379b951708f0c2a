import ActomatonTesting
import Dispatch
import Testing

@testable import Actomaton

/// An object in the state: a test's closure that writes its field writes the store's state too.
final class Box: Equatable, @unchecked Sendable, CustomStringConvertible {
  var value: Int
  init(_ value: Int) { self.value = value }
  static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
  var description: String { "Box(\(value))" }
}

/// A reducer with one of each kind of effect the toolkit must wait for, or must not.
enum Probe {
  struct State: Equatable, Sendable {
    var ticks = 0
    var note = ""
    var box = Box(0)
  }

  enum Action: Equatable, Sendable {
    /// A timer on the test clock: `tick` every second.
    case start, stop, tick
    /// A timer on an `ImmediateClock`: `tick` forever, never waiting.
    case startImmediate
    /// An effect that yields forever and feeds nothing back.
    case spin
    /// `pong` at once.
    case ping, pong
    /// `woke` after 2 s on the test clock.
    case wait, woke
    /// `fetched` after a reply from another thread (work off the store's executor).
    case fetch, fetched
    /// An effect that never answers (a real-time sleep).
    case hang
    /// Increments the boxed value, through the shared object.
    case bump
  }

  struct TimerID: EffectIDProtocol {}

  static func reducer(clock: TestClock, replyDelay: Duration = .milliseconds(20)) -> Reducer<
    Action, State, Void
  > {
    let immediate = ImmediateClock()
    return Reducer { action, state, _ in
      switch action {
      case .start:
        return timer(on: clock)
      case .startImmediate:
        return timer(on: immediate)
      case .stop:
        return .cancel(id: TimerID())
      case .tick:
        state.ticks += 1
        return .empty
      case .spin:
        return .fireAndForget {
          while !Task.isCancelled { await Task.yield() }
        }
      case .ping:
        return Effect { .pong }
      case .pong:
        state.note = "pong"
        return .empty
      case .wait:
        return Effect {
          try await clock.sleep(for: .seconds(2))
          return .woke
        }
      case .woke:
        state.note = "woke"
        return .empty
      case .fetch:
        return Effect {
          await reply(after: replyDelay)
          return .fetched
        }
      case .fetched:
        state.note = "fetched"
        return .empty
      case .hang:
        return .fireAndForget { try? await Task.sleep(for: .seconds(3_600)) }
      case .bump:
        state.box.value += 1
        return .empty
      }
    }
  }

  private static func timer<C: Clock>(on clock: C) -> Effect<Action> where C.Duration == Duration {
    Effect(id: TimerID()) {
      AsyncStream(unfolding: {
        try? await clock.sleep(for: .seconds(1))
        return Task.isCancelled ? nil : Action.tick
      })
    }
  }

  /// Resumes from a global queue after `delay` of real time: work no test clock can drive.
  static func reply(after delay: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let nanoseconds =
        Int(delay.components.seconds) * 1_000_000_000
        + Int(delay.components.attoseconds / 1_000_000_000)
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
        continuation.resume()
      }
    }
  }

  static func store(exhaustivity: TestStore<Action, State>.Exhaustivity = .on) -> (
    TestStore<Action, State>, TestClock
  ) {
    let clock = TestClock()
    return (
      TestStore(
        initialState: State(), reducer: reducer(clock: clock), clock: clock,
        exhaustivity: exhaustivity),
      clock
    )
  }
}

/// The issues `body` records: their text and line. Each test checks the count and the lines.
func recordedIssues(_ body: () async -> Void) async -> [(text: String, line: Int)] {
  let issues = Locked<[(text: String, line: Int)]>([])
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    let text = issue.comments.map(\.rawValue).joined(separator: "\n")
    issues.withLock { $0.append((text, issue.sourceLocation?.line ?? 0)) }
    return true
  }
  return issues.withLock { $0 }
}
