import Actomaton
import ActomatonTesting
import Foundation
import TestSupport
import Testing
import TodoStorage

@testable import TodoFeature

/// One shared list whose writes wait until the test lets each through, so a test decides when
/// a save lands relative to everything else.
final class HeldFile: Sendable {
  private struct Held {
    var list: [TodoItem] = []
    var parked: [Int: [CheckedContinuation<Bool, Never>]] = [:]
  }
  private let held = Locked(Held())

  init(_ list: [TodoItem] = []) { held.withLock { $0.list = list } }

  var list: [TodoItem] { held.withLock { $0.list } }

  /// The storage `session` saves through: a write waits for ``release(_:)``, then merges.
  func storage(for session: Int) -> TodoStorage {
    TodoStorage(
      load: { self.list },
      write: { items, base throws(StorageError) in
        let lands = await withCheckedContinuation { continuation in
          self.held.withLock { $0.parked[session, default: []].append(continuation) }
        }
        guard lands else { throw .diskFull(path: "held", reason: "the test said so") }
        return self.held.withLock { held in
          held.list = base.map { TodoItem.merge(items, since: $0, into: held.list) } ?? items
          return held.list
        }
      },
      isChanged: { true })
  }

  func parkedCount(_ session: Int) -> Int { held.withLock { $0.parked[session]?.count ?? 0 } }

  /// Lets `session`'s oldest waiting write through, or makes it fail.
  func release(_ session: Int, failing: Bool = false) {
    let next = held.withLock { held -> CheckedContinuation<Bool, Never>? in
      guard var waiting = held.parked[session], !waiting.isEmpty else { return nil }
      let first = waiting.removeFirst()
      held.parked[session] = waiting
      return first
    }
    next?.resume(returning: !failing)
  }
}

/// One session on a ``HeldFile``: an actomaton over the todo feature, with undo and redo as
/// the gallery does them (a past state put back over the current one, then saved).
final class ListSession: Sendable {
  let index: Int
  let file: HeldFile
  let actomaton: Actomaton<Todo.Action, Todo.State>
  let clock = TestClock()

  init(_ index: Int, on file: HeldFile) {
    self.index = index
    self.file = file
    var environment = Todo.Environment.test(clock: clock)
    environment.storage = file.storage(for: index)
    environment.makeID = { UUID() }
    actomaton = Actomaton(
      state: Todo.State(), reducer: Todo.reducer, environment: environment)
  }

  var state: Todo.State { get async { await actomaton.state } }

  func send(_ action: Todo.Action) async { _ = await actomaton.send(action) }

  func open() async {
    await send(.onAppear)
    await until("loaded") { await self.state.persistence == .loaded }
  }

  /// Saves now: the write waits in the file until released.
  func save() async {
    let pending = await state.synced.pending.count
    await send(.flush)
    await settled(pending: pending + 1)
  }

  /// Lets the oldest save through (or makes it fail) and waits until its answer is taken in.
  func releaseOne(failing: Bool = false) async {
    let pending = await state.synced.pending.count
    guard pending > 0 else { return }
    file.release(index, failing: failing)
    await settled(pending: pending - 1)
  }

  /// Lets every save through.
  func releaseAll() async {
    while await !state.synced.pending.isEmpty { await releaseOne() }
  }

  /// Puts `past` back over the current state and saves the result.
  func put(_ past: Todo.State) async {
    let current = await state
    _ = await actomaton.restore(past.restored(over: current))
    await save()
  }

  /// Waits until `pending` saves are unanswered and the oldest of them waits in the file.
  private func settled(pending: Int) async {
    await until("\(pending) save(s) pending, the first one waiting in the file") {
      await self.state.synced.pending.count == pending
        && self.file.parkedCount(self.index) == (pending > 0 ? 1 : 0)
    }
  }
}

/// Waits for `condition`, yielding to the tasks that make it true; records an issue if it does
/// not come within a generous bound (a hang, not a slow machine).
func until(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: @Sendable () async -> Bool
) async {
  let start = ContinuousClock.now
  var round = 0
  while await !condition() {
    round += 1
    if round.isMultiple(of: 100) {
      guard ContinuousClock.now - start < .seconds(60) else {
        Issue.record("never: \(what)", sourceLocation: sourceLocation)
        return
      }
      // NOTE: the effects run on the global pool's threads: on a busy machine, yielding this
      // task alone may not let them run.
      try? await Task.sleep(for: .microseconds(50))
    } else {
      await Task.yield()
    }
  }
}
