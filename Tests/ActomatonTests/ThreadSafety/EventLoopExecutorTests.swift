import Locking
import Testing

@testable import Actomaton

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `EventLoopExecutor`: one thread that runs its jobs in order; an actomaton, its effects and the
/// sender on it never change threads.
@Suite struct EventLoopExecutorTests {
  enum Action: Sendable { case ping, pong }

  /// The threads the reducer and the effects ran on.
  typealias Threads = Locked<[pthread_t]>

  static func reducer(_ threads: Threads) -> Reducer<Action, Int, Void> {
    Reducer { action, state, _ in
      threads.withLock { $0.append(pthread_self()) }
      switch action {
      case .ping:
        return Effect {
          threads.withLock { $0.append(pthread_self()) }
          await Task.yield()
          threads.withLock { $0.append(pthread_self()) }
          return .pong
        }
      case .pong:
        state += 1
        return .empty
      }
    }
  }

  @Test func aRoundTripOnTheLoopStaysOnItsThread() async throws {
    let loop = EventLoopExecutor()
    let threads = Threads([])
    let actomaton = Actomaton(state: 0, reducer: Self.reducer(threads), executor: loop)
    try await withTaskExecutorPreference(loop) {
      threads.withLock { $0.append(pthread_self()) }
      for _ in 0..<50 { try await actomaton.send(.ping)?.value }
      threads.withLock { $0.append(pthread_self()) }
    }
    #expect(await actomaton.state == 50)
    let seen = threads.withLock { $0 }
    #expect(seen.count == 2 + 50 * 4)
    #expect(seen.allSatisfy { pthread_equal($0, seen[0]) != 0 })
  }

  @Test func anActomatonOffTheLoopRunsItsEffectsOnTheLoop() async throws {
    let loop = EventLoopExecutor()
    let loopThread = Locked<pthread_t?>(nil)
    await withTaskExecutorPreference(loop) { loopThread.withLock { $0 = pthread_self() } }
    let threads = Threads([])
    let actomaton = Actomaton(state: 0, reducer: Self.reducer(threads), executor: loop)
    try await actomaton.send(.ping)?.value
    #expect(await actomaton.state == 1)
    let seen = threads.withLock { $0 }
    let thread = try #require(loopThread.withLock { $0 })
    // The effect's two steps ran on the loop, whichever thread the reducer ran on.
    #expect(seen.count == 4)
    #expect(pthread_equal(seen[1], thread) != 0 && pthread_equal(seen[2], thread) != 0)
  }

  @Test func jobsRunOneAtATimeInTheOrderTheyCame() async throws {
    let loop = EventLoopExecutor()
    let order = EventLog<Int>()
    let running = Locked(0)
    let overlapped = Locked(false)
    var tasks: [Task<Void, Never>] = []
    for index in 0..<200 {
      tasks.append(
        Task(executorPreference: loop) {
          let now = running.withLock {
            $0 += 1; return $0
          }
          if now > 1 { overlapped.withLock { $0 = true } }
          order.append(index)
          running.withLock { $0 -= 1 }
        })
    }
    for task in tasks { await task.value }
    #expect(order.entries == Array(0..<200))
    #expect(!overlapped.withLock { $0 })
  }
}
