import TestTraits
import Testing

@testable import Actomaton

/// Queue slots, identity and misuse.
extension QueuePolicyTests {
  struct DiscardChain: Oldest1DiscardNewEffectQueueProtocol {}
  struct SuspendChain: Oldest1SuspendNewEffectQueueProtocol {}
  struct NewestChain: Newest1EffectQueueProtocol {}

  @Test(arguments: [DiscardChain(), SuspendChain(), NewestChain()] as [any EffectQueueProtocol])
  func feedbackChainThroughOneQueueIsNeitherDiscardedNorDeadlocked(
    queue: any EffectQueueProtocol
  ) async throws {
    let actomaton = Actomaton<Int, [Int]>(
      state: [],
      reducer: Reducer { step, state, _ in
        state.append(step)
        return step < 5 ? Effect(queue: queue) { step + 1 } : .empty
      })
    try await actomaton.send(0, tracksFeedbacks: true)?.waitOrCancel()
    #expect(await actomaton.state == [0, 1, 2, 3, 4, 5])
  }

  @Test func equalQueueValuesAreOneQueue() async throws {
    let bench = Bench(.runNewest(maxCount: 1))
    let first = await bench.send(.run(0, queue: Named(name: "a")))
    try await bench.reach(1)
    let second = await bench.send(.run(1, queue: Named(name: "a")))
    try await bench.reach(3)
    #expect(Set(await bench.events) == [.started(0), .started(1), .cancelled(0)])
    try await bench.finish([first, second])
    #expect(await bench.actomaton.state.done == [1])
  }

  @Test func differentQueueValuesAreDifferentQueues() async throws {
    let bench = Bench(.runNewest(maxCount: 1))
    let queues: [any EffectQueueProtocol] = [
      Named(name: "a"), Named(name: "b"), OtherNamed(name: "a"), bench.queue,
    ]
    var tasks: [Task<Void, any Error>?] = []
    for (i, queue) in queues.enumerated() { tasks.append(await bench.send(.run(i, queue: queue))) }
    try await bench.reach(4)
    try await bench.finish(tasks)
    #expect(Set(await bench.events) == Set((0..<4).map { .started($0) }))
    #expect(await bench.actomaton.state.done.sorted() == [0, 1, 2, 3])
  }

  @Test(arguments: [
    EffectQueuePolicy.runNewest(maxCount: 0), .runNewest(maxCount: -1),
    .runOldest(maxCount: 0, .discardNew), .runOldest(maxCount: -3, .suspendNew),
  ])
  func maxCountBelowOneIsReportedThroughSendTaskAndHookWithoutRunning(
    policy: EffectQueuePolicy
  ) async throws {
    let bench = Bench(policy)
    let expected = EffectQueueMisuse.invalidMaxCount(
      queue: "\(bench.queue)", maxCount: policy.maxCount)
    let task = await bench.send(.run(0))
    #expect(task != nil)
    let error = await #expect(throws: EffectQueueMisuse.self) { try await task?.waitOrCancel() }
    #expect(error == expected)
    #expect(error?.description.contains("Queue(name: \"bench\"") == true)
    #expect(bench.log.entries.compactMap { $0 as? EffectQueueMisuse } == [expected])
    #expect(bench.log.entries.count == 1)
    #expect(await bench.actomaton.benchEffectCount() == 0)
    await bench.send(.done(7))  // the actomaton still works
    #expect(await bench.actomaton.state.done == [7])
    #expect(await bench.events.isEmpty)
  }
}
