import ActomatonTesting
import Foundation
import TestSupport
import Testing
import TodoFeature
import TodoStorage

/// Seeded random sequences of every action a host sends, with extreme positions and texts and a
/// disk that answers late, fails or stalls, checking the feature's rules after every step.
///
/// `FEATURE_FUZZ_STEPS=100000 swift test --filter TodoFuzzTests` for the long run;
/// `FEATURE_FUZZ_SEED=<seed>` replays a failure.
@Suite struct TodoFuzzTests {
  /// A disk that, while `isFaulty`, answers late, fails, or stalls for hours of the test clock.
  final class FuzzDisk: Sendable {
    let random: FuzzRandom
    let clock: TestClock
    let items = Locked<[TodoItem]>([])
    let isFaulty = Locked(true)

    init(random: FuzzRandom, clock: TestClock) {
      self.random = random
      self.clock = clock
    }

    func wait() async {
      guard isFaulty.withLock({ $0 }) else { return }
      try? await random.answerDelay(on: clock)
    }

    var storage: TodoStorage {
      TodoStorage(
        load: { () throws(StorageError) in
          await self.wait()
          if self.isFaulty.withLock({ $0 }), self.random.chance(100) {
            throw self.random.pick([
              .corrupt(reason: "fuzz", movedTo: "/fuzz.bad"),
              .newerVersion(path: "/fuzz", found: 9, supported: 1),
            ])
          }
          return self.items.withLock { $0 }
        },
        save: { items throws(StorageError) in
          await self.wait()
          if self.isFaulty.withLock({ $0 }), self.random.chance(100) {
            throw .diskFull(path: "/fuzz", reason: "fuzz")
          }
          self.items.withLock { $0 = items }
        })
    }
  }

  func action(_ random: FuzzRandom, _ state: Todo.State) -> Todo.Action {
    let position = random.position(upTo: state.visibleItems.count)
    // NOTE: a list that only grows makes every step slower; past 40 items it is trimmed.
    if state.items.count > 40 {
      return random.pick([.delete(position: 1), .setFilter(.all), .clearCompletedConfirmed])
    }
    switch random.below(16) {
    case 0, 1, 2: return .add(random.text())
    case 3: return .edit(position: position, text: random.text())
    case 4, 5: return .toggle(position: position)
    case 6: return .delete(position: position)
    case 7: return .clearCompleted
    case 8: return .clearCompletedConfirmed
    case 9: return .answer(random.pick([.yes, .no]))
    case 10: return .setFilter(random.pick(Todo.Filter.allCases))
    case 11: return .moveUp(position: position)
    case 12: return .moveDown(position: position)
    case 13: return .flush
    case 14: return .onDisappear
    default: return .onAppear
    }
  }

  /// The rules that hold after every step.
  func problems(_ state: Todo.State) -> [String] {
    var problems: [String] = []
    if Set(state.items.map(\.id)).count != state.items.count { problems.append("ids repeat") }
    for item in state.items {
      if item.text != item.text.trimmingCharacters(in: .whitespacesAndNewlines)
        || item.text.isEmpty || item.text.count > Todo.maxTextLength
        || item.text.unicodeScalars.allSatisfy({ $0.properties.isDefaultIgnorableCodePoint })
      {
        problems.append("item text \(item.text.prefix(40).debugDescription) was accepted")
      }
    }
    if let question = state.confirmation?.question,
      question != "Delete \(state.completedCount) completed item(s)?" || state.completedCount == 0
    {
      problems.append("'\(question)' outlived what it counted (\(state.completedCount) now)")
    }
    return problems
  }

  @Test func randomHostSessionsKeepTheRules() async {
    let seed = FeatureFuzz.seed(default: 0x70D0_F022)
    let seedText = FeatureFuzz.seedText(seed)
    let random = FuzzRandom(seed: seed)
    let clock = TestClock()
    let disk = FuzzDisk(random: random, clock: clock)
    var fuzzed = environment(clock, storage: disk.storage)
    fuzzed.makeID = { UUID() }
    var store = TestStore(
      initialState: Todo.State(), reducer: Todo.reducer, environment: fuzzed, clock: clock)
    store.exhaustivity = .off
    var reported = 0
    func report(_ problem: String, step: Int, _ action: Todo.Action?) {
      reported += 1
      let sent = action.map { String(describing: $0).prefix(120) } ?? "checkpoint"
      Issue.record("FEATURE_FUZZ_SEED=\(seedText) step \(step) after \(sent): \(problem)")
    }
    for step in 0..<FeatureFuzz.steps where reported < 5 {
      let action = action(random, store.state)
      await store.send(action)
      await clock.advance(by: .milliseconds(random.below(700)))
      await store.skipReceivedActions()
      for problem in problems(store.state) { report(problem, step: step, action) }
      if step % 50 == 49 {
        // Saved means saved: with the disk well again, a flush and the time for every write
        // leave on disk what the list shows.
        disk.isFaulty.withLock { $0 = false }
        await store.send(.flush)
        await clock.advance(by: .seconds(86_400))
        await store.skipReceivedActions()
        let onDisk = disk.items.withLock { $0 }
        if store.state.persistence == .loaded, onDisk != store.state.items {
          report(
            "shown \(store.state.items.count) items, saved \(onDisk.count)", step: step, nil)
        }
        disk.isFaulty.withLock { $0 = true }
      }
      if step % 2_000 == 1_999 {
        // NOTE: a store keeps every step it saw; a long run goes on in a new one, as a host
        // keeps its state across screens, so memory stays flat.
        await store.skipInFlightEffects()
        await store.finish()
        store = TestStore(
          initialState: store.state, reducer: Todo.reducer, environment: fuzzed, clock: clock)
        store.exhaustivity = .off
      }
    }
    await store.skipInFlightEffects()
    await store.finish()
  }
}
