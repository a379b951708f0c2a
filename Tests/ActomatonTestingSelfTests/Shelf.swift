import ActomatonTesting
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A state with every kind of field, and one of each kind of effect, for the toolkit's self-test.
enum Shelf {
  final class Box: Equatable, @unchecked Sendable {
    var value = 0
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
  }

  enum Mode: Equatable, Sendable { case idle, busy(step: Int) }

  struct State: Equatable, Sendable {
    var count = 0
    var title = ""
    var items = ["a", "b"]
    var scores: [String: Int] = ["x": 1]
    var tags: Set<String> = ["t"]
    var selection: Int?
    var mode = Mode.idle
    var box = Box()
    var ticks = 0
    var note = ""
  }

  enum Field: Equatable, Sendable {
    case count(Int), title(String), item(Int, String), score(String, Int), tag(String)
    case selection(Int?), mode(Mode), boxed(Int)
  }

  enum Action: Equatable, Sendable {
    case set(Field)
    case ping, pong
    case start, stop, tick, startImmediate, startStubborn
    case wait, woke
    case fetch(URL), fetched(String)
  }

  struct TimerID: EffectIDProtocol {}

  static func reducer(clock: TestClock) -> Reducer<Action, State, Void> {
    let immediate = ImmediateClock()
    return Reducer { action, state, _ in
      switch action {
      case let .set(field): apply(field, to: &state)
      case .ping: return Effect { .pong }
      case .pong: state.note = "pong"
      case .start: return timer(clock)
      case .startImmediate: return timer(immediate)
      case .startStubborn:
        // NOTE: never waits on the clock, and goes on after it is cancelled: a runaway still
        // unwinding when the test ends.
        return .run { send in
          for _ in 0..<8_000 {
            await Task.yield()
            await send(.tick)
          }
        }
      case .stop: return .cancel(id: TimerID())
      case .tick: state.ticks += 1
      case .wait:
        return Effect {
          try await clock.sleep(for: .seconds(2))
          return .woke
        }
      case .woke: state.note = "woke"
      case let .fetch(url):
        return Effect {
          // NOTE: a failed request is fed back as text, so a right test that fails says why.
          do {
            let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url)
            return .fetched(String(decoding: data, as: UTF8.self))
          } catch {
            return .fetched("request failed: \(error)")
          }
        }
      case let .fetched(text): state.note = text
      }
      return .empty
    }
  }

  private static func apply(_ field: Field, to state: inout State) {
    switch field {
    case let .count(value): state.count = value
    case let .title(value): state.title = value
    case let .item(index, value): state.items[index] = value
    case let .score(key, value): state.scores[key] = value
    case let .tag(value): state.tags.insert(value)
    case let .selection(value): state.selection = value
    case let .mode(value): state.mode = value
    case let .boxed(value): state.box.value = value
    }
  }

  private static func timer<C: Clock>(_ clock: C) -> Effect<Action> where C.Duration == Duration {
    Effect(id: TimerID()) {
      AsyncStream(unfolding: {
        try? await clock.sleep(for: .seconds(1))
        return Task.isCancelled ? nil : Action.tick
      })
    }
  }

  static func store(exhaustivity: TestStore<Action, State>.Exhaustivity = .on) -> (
    TestStore<Action, State>, TestClock
  ) {
    let clock = TestClock()
    let store = TestStore(
      initialState: State(), reducer: reducer(clock: clock), clock: clock,
      exhaustivity: exhaustivity)
    store.settlingLimit = 5_000
    return (store, clock)
  }
}
