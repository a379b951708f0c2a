import ActomatonTesting
import Testing

@testable import Actomaton

extension TestClock {
  /// An effect that sleeps on this clock until it is cancelled.
  func forever<A: Sendable>() -> Effect<A> {
    .run { _ in try await self.sleep(for: .seconds(1_000_000)) }
  }

  /// Waits (cooperatively) until `count` sleepers are registered; fails the test at the caller
  /// if that never happens.
  func waitForSleepers(
    _ count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await waitUntil("\(count) sleeper(s) on the clock", sourceLocation: sourceLocation) {
      self.sleeperCount >= count
    }
  }
}

/// Collects events from effects, and lets a test wait for a given number of them.
actor Probe<Event: Sendable & Equatable> {
  private(set) var events: [Event] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  func record(_ event: Event) {
    events.append(event)
    let ready = waiters.filter { $0.count <= events.count }
    waiters.removeAll { $0.count <= events.count }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once at least `count` events were recorded, however long that takes: tests wait
  /// with `waitFor(_:)` or `reach(_:)`, which stop a hang.
  func arrival(of count: Int) async {
    if events.count >= count { return }
    await withCheckedContinuation { waiters.append((count, $0)) }
  }
}

/// A gate that effects wait at until the test opens it; never waits in real time.
final class Gate: Sendable {
  private struct Storage {
    var isOpen = false
    var nextID = 0
    var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
  }

  private let storage = Locked(Storage())

  /// Waits until the gate opens; throws `CancellationError` if the task is cancelled first.
  func wait() async throws {
    let id = storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let open = storage.withLock { storage in
          let proceed = storage.isOpen || Task.isCancelled
          if !proceed { storage.waiters[id] = continuation }
          return proceed
        }
        if open { continuation.resume() }
      }
    } onCancel: {
      let waiter = storage.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.resume(throwing: CancellationError())
    }
    try Task.checkCancellation()
  }

  func open() {
    let waiters = storage.withLock { storage in
      storage.isOpen = true
      defer { storage.waiters = [:] }
      return storage.waiters
    }
    for waiter in waiters.values { waiter.resume() }
  }
}

struct TestError: Error, Equatable {
  var message = "boom"
}

/// What effects, hooks and observers did, in order: written from any thread, read by the test.
final class EventLog<Entry: Sendable>: Sendable {
  private let storage = Locked<[Entry]>([])

  func append(_ entry: Entry) { storage.withLock { $0.append(entry) } }
  var entries: [Entry] { storage.withLock { $0 } }

  /// The entries so far, leaving the log empty.
  func take() -> [Entry] {
    storage.withLock { entries in
      defer { entries = [] }
      return entries
    }
  }
}

extension EventLog where Entry == String {
  /// An `onError:` hook that logs each error as it prints.
  var errorHook: @Sendable (any Error) -> Void { { error in self.append("\(error)") } }

  /// An observer that logs each effect event as `describe` words it (by default, its kind),
  /// leaving out those it maps to `nil`.
  func effectEvents<Action, State>(
    _ describe: @escaping @Sendable (EffectEvent) -> String? = { "\($0.kind)" }
  ) -> ActomatonObserver<Action, State> {
    ActomatonObserver(effectEvent: { event in if let line = describe(event) { self.append(line) } })
  }
}

/// A test clock, a log of what the work did, the errors reported and the actions received. An
/// actomaton made here runs its effects on the clock's executor, so the log's order is the
/// order the work ran in, and no test waits in real time.
final class Harness<Action: Sendable>: Sendable {
  let clock = TestClock()
  let log = EventLog<String>()
  let errors = EventLog<String>()
  let received = EventLog<Action>()

  func note(_ entry: String) { log.append(entry) }
  var entries: [String] { log.entries }
  var reported: [String] { errors.entries }
  var actions: [Action] { received.entries }

  /// An actomaton on this clock and its executor that reports its errors here, and the actions
  /// it receives when they are `Action`s (unless given an `observer` of its own).
  func actomaton<A: Sendable, State: Sendable>(
    state: State, reducer: Reducer<A, State, Void>, observer: ActomatonObserver<A, State>? = nil
  ) -> Actomaton<A, State> {
    let receiving = ActomatonObserver<A, State>(actionReceived: { action, _ in
      if let action = action as? Action { self.received.append(action) }
    })
    return Actomaton(
      state: state, reducer: reducer, clock: clock, onError: errors.errorHook,
      executor: clock.executor, observer: observer ?? (A.self == Action.self ? receiving : nil))
  }

  /// Sends `action` and lets every job it started run as far as it can.
  func send<A: Sendable, State>(_ action: A, to actomaton: Actomaton<A, State>) async {
    await actomaton.send(action)
    await clock.advance()
  }

  /// Runs the clock until `done` holds (a hang is stopped and recorded).
  func drive(until done: @escaping @Sendable () -> Bool) async {
    try? await waitUntil("the work driven") {
      await clock.run()
      return done()
    }
  }

  /// An effect that notes `name`, or `name cancelled` when its task was cancelled.
  func noting<A: Sendable>(_ name: String) -> Effect<A> {
    .fireAndForget { self.note(Task.isCancelled ? "\(name) cancelled" : name) }
  }

  /// An effect that sleeps `seconds` on the clock, then notes `name done`, or `name cancelled`
  /// when the sleep was cancelled.
  func sleeping<A: Sendable>(_ name: String, seconds: Int) -> Effect<A> {
    .fireAndForget {
      do {
        try await self.clock.sleep(for: .seconds(seconds))
        self.note("\(name) done")
      } catch {
        self.note("\(name) cancelled")
      }
    }
  }
}
