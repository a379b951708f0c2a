import ActomatonTesting
import TestTraits
import Testing

@testable import Actomaton

extension ConcatenatedQueueTests {
  enum Action: Sendable {
    /// Runs the effect carried.
    case effect(Effect<Action>)
    case done(String)
    case topic(String?)
  }

  struct State: Sendable, Equatable {
    var done: [String] = []
    var topic: String?
  }

  struct Name: EffectIDProtocol, CustomStringConvertible {
    var name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
  }

  struct Line: EffectQueueProtocol {
    var name = "line"
    var effectQueuePolicy: EffectQueuePolicy = .runOldest(maxCount: 1, .suspendNew)
    var effectQueueDelay: EffectQueueDelay = .constant(0)
  }

  /// What ran and what the observer saw; bodies and the actomaton write to separate logs, so
  /// each log's order is the test's.
  final class Journal: Sendable {
    let clock = TestClock()
    let runs = EventLog<String>()
    let events = EventLog<String>()
    let errors = EventLog<String>()
    private let gates = Locked<[String: Gate]>([:])
    private let stickyGates = Locked<[String: UncancellableGate]>([:])

    /// The gate of a body that does not stop when cancelled, as a file write does not.
    func stickyGate(_ name: String) -> UncancellableGate {
      Self.gate(name, in: stickyGates, UncancellableGate.init)
    }

    func gate(_ name: String) -> Gate { Self.gate(name, in: gates, Gate.init) }

    /// The gate named `name`, made on first use.
    private static func gate<G>(_ name: String, in gates: Locked<[String: G]>, _ make: () -> G)
      -> G
    {
      gates.withLock { gates in
        if let gate = gates[name] { return gate }
        let gate = make()
        gates[name] = gate
        return gate
      }
    }

    /// Effect `name`: records that it runs (and when, with `timed`), waits at its gate when
    /// `waits` (at its sticky gate, which ignores cancellation, when `sticky`), and feeds back
    /// `.done(name)`; when cancelled while waiting it records that it stops.
    func body(
      _ name: String, queue: (any EffectQueueProtocol)? = nil, waits: Bool = false,
      sticky: Bool = false, timed: Bool = false
    ) -> Effect<Action> {
      Effect(id: Name(name), queue: queue) {
        let at = timed ? " at \(self.clock.now.offset)" : ""
        self.runs.append("\(name)\(at)")
        if sticky {
          await self.stickyGate(name).wait()
          if Task.isCancelled { self.runs.append("\(name) exits cancelled") }
        }
        if waits {
          do {
            try await self.gate(name).wait()
          } catch {
            self.runs.append("\(name) stops")
            throw error
          }
        }
        return .done(name)
      }
    }

    var observer: ActomatonObserver<Action, State> {
      events.effectEvents { event in
        var id = event.id
        while let scoped = id as? ScopedEffectID { id = scoped.inner }
        return "\(event.kind) \((id as? Name)?.name ?? "#\(event.serial)")"
      }
    }

    var ran: [String] { runs.entries }
    var seen: [String] { events.entries }
  }

  static func make(_ journal: Journal, lifeOnStart: Effect<Action> = .empty)
    -> Actomaton<Action, State>
  {
    let reducer = Reducer<Action, State, Void> { action, state, _ in
      switch action {
      case let .effect(effect): return effect
      case let .done(name):
        state.done.append(name)
        return .empty
      case let .topic(topic):
        state.topic = topic
        return .empty
      }
    }
    .lifetime(state: \.topic, case: /Optional<String>.some, onStart: lifeOnStart)
    return Actomaton(
      state: State(), reducer: reducer, clock: journal.clock,
      onError: journal.errors.errorHook,
      observer: journal.observer)
  }

  /// Starts a body that holds `queue` until its gate opens, and waits until it runs.
  static func block(
    _ queue: Line, on actomaton: Actomaton<Action, State>, _ journal: Journal,
    name: String = "blocker"
  ) async throws -> Task<Void, any Error> {
    let task = try #require(
      await actomaton.send(.effect(journal.body(name, queue: queue, waits: true))))
    try await waitUntil { journal.ran.contains(name) }
    return task
  }

  /// A queue of two whose effects start at least a second apart.
  static let spaced = Line(
    name: "spaced", effectQueuePolicy: .runOldest(maxCount: 2, .suspendNew),
    effectQueueDelay: .constant(1))

  /// A journal, an actomaton that writes to it, and a queue.
  static func fixture(queue: Line = Line()) -> (Journal, Actomaton<Action, State>, Line) {
    let journal = Journal()
    return (journal, make(journal), queue)
  }
}
