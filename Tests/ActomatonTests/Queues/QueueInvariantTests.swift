import TestTraits
import Testing

@testable import Actomaton

/// Random mixes of queued effects, ids, cancellations (by id, by predicate, by send), merges,
/// concatenations and feedback, each from a fixed seed: after every send, a record in a queue's
/// line is in the queue kept under its key, and no line exceeds its `maxCount`; a `runOldest`
/// queue never has more bodies running than its slots; at the end nothing is left over.
@Suite(.hangGuard)
struct QueueInvariantTests {
  enum Action: Sendable, Equatable { case spawn(UInt64, depth: Int) }
  enum ID: EffectIDProtocol { case a, b, c }
  struct Newest2: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy { .runNewest(maxCount: 2) }
  }
  struct Newest1: Newest1EffectQueueProtocol {}
  struct Suspend1: Oldest1SuspendNewEffectQueueProtocol {}
  struct Suspend2: EffectQueueProtocol {
    var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 2, .suspendNew) }
  }
  struct Discard1: Oldest1DiscardNewEffectQueueProtocol {}

  final class Environment: Sendable {
    let gates = (0..<6).map { _ in Gate() }
    /// Bodies running now in each `runOldest` queue, and the most seen at once.
    let inside = Locked<[String: (now: Int, most: Int)]>([:])

    func enter(_ name: String) {
      inside.withLock { inside in
        let now = (inside[name]?.now ?? 0) + 1
        inside[name] = (now, max(now, inside[name]?.most ?? 0))
      }
    }
    func leave(_ name: String) { inside.withLock { $0[name]?.now -= 1 } }
  }

  static func effect(
    _ random: inout SplitMix64, depth: Int, _ environment: Environment, budget: inout Int
  ) -> Effect<Action> {
    let ids: [ID?] = [nil, .a, .b, .c]
    let queues: [(any EffectQueueProtocol)?] = [
      nil, Newest2(), Newest1(), Suspend1(), Suspend2(), Discard1(),
    ]
    budget -= 1
    switch budget <= 0 ? 0 : random.below(8) {
    case 0, 1, 2:
      let (id, queue) = (ids[random.below(4)], queues[random.below(6)])
      let gate = random.below(2) == 0 ? environment.gates[random.below(6)] : nil
      let next: Action? = depth < 2 && random.below(3) == 0 ? .spawn(random.next(), depth: 1) : nil
      // NOTE: `runNewest` frees a slot at once, by design; only `runOldest` lines hold theirs.
      let name = queue.map { "\(type(of: $0))" } ?? "Newest"
      let slots: String? = name.hasPrefix("Newest") ? nil : name
      return Effect(id: id, queue: queue) {
        if let slots { environment.enter(slots) }
        defer { if let slots { environment.leave(slots) } }
        try await gate?.wait()
        return next
      }
    case 3: return .cancel(id: ids[1 + random.below(3)]!)
    case 4:
      let pick = random.below(4)
      return .cancel(ids: { pick == 0 || ($0 as? ID) == [ID.a, .b, .c][max(pick - 1, 0)] })
    case 5:
      return .concatenate(
        (0..<2 + random.below(2)).map { _ in
          effect(&random, depth: depth, environment, budget: &budget)
        })
    case 6:
      return effect(&random, depth: depth, environment, budget: &budget)
        + effect(&random, depth: depth, environment, budget: &budget)
    default:
      return depth < 2 ? .nextAction(.spawn(random.next(), depth: depth + 1)) : .empty
    }
  }

  // NOTE: the seeds past 500 make a queue idle, forget it and make it again under the same key
  // while a cancellation is under way: the new queue must not be forgotten in its place.
  @Test(arguments: Array(0..<500) + [817, 1116, 1182, 1202, 2630, 2882, 2968])
  func queuesStayConsistentWhateverTheMix(seed: UInt64) async throws {
    let environment = Environment()
    let reducer = Reducer<Action, Int, Environment> { action, state, environment in
      guard case let .spawn(seed, depth) = action else { return .empty }
      state += 1
      var random = SplitMix64(seed: seed)
      var budget = 6
      return Self.effect(&random, depth: depth, environment, budget: &budget)
    }
    let actomaton = Actomaton(state: 0, reducer: reducer, environment: environment)
    var random = SplitMix64(seed: seed &* 7919)
    var tasks: [Task<Void, any Error>] = []
    for step in 0..<60 {
      if step % 10 == 9 { environment.gates[step / 10].open() }
      let action = Action.spawn(random.next(), depth: 0)
      if let task = await actomaton.send(action, tracksFeedbacks: random.below(3) == 0) {
        tasks.append(task)
      }
      let broken = await actomaton.brokenQueueInvariants
      #expect(broken.isEmpty, "seed \(seed), step \(step): \(broken)")
      if !tasks.isEmpty, random.below(4) == 0 { tasks[random.below(tasks.count)].cancel() }
    }
    for gate in environment.gates { gate.open() }
    for task in tasks { _ = try? await task.waitOrCancel() }
    try await waitUntil { await actomaton.effectCount == 0 }
    let most = environment.inside.withLock { $0.mapValues(\.most) }
    #expect(most.allSatisfy { $0.value <= ($0.key == "Suspend2" ? 2 : 1) }, "seed \(seed)")
    #expect(await actomaton.trackedIDCount == 0, "seed \(seed)")
    #expect(await actomaton.brokenQueueInvariants.isEmpty, "seed \(seed)")
  }
}

extension Actomaton {
  fileprivate var brokenQueueInvariants: [String] { ledger.brokenQueueInvariants }
}

extension EffectLedger {
  /// What is wrong with the queues' bookkeeping: a record in a line of a queue not kept under its
  /// key, a line longer than its `maxCount`, or a queue kept with nothing in it while idle.
  var brokenQueueInvariants: [String] {
    var broken: [String] = []
    for record in records.values where record.isLinked {
      let kept = record.queue.flatMap { queues[ErasedKey(base: $0)] }
      if kept == nil || kept !== record.queueState {
        broken.append("effect #\(record.serial) is in a queue not kept")
      }
    }
    for queue in queues.values where queue.running.count > queue.policy.maxCount {
      broken.append("\(queue.key.base) runs \(queue.running.count)")
    }
    if records.isEmpty, !queues.isEmpty { broken.append("\(queues.count) idle queues kept") }
    return broken
  }
}
