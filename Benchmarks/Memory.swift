import Actomaton
import Foundation

#if os(Linux)
  // NOTE: glibc's malloc_trim, which its Swift module does not export.
  @_silgen_name("malloc_trim")
  private func mallocTrim(_ pad: Int) -> Int32
#endif

/// Resident memory per effect waiting in one suspending queue.
enum Memory {
  struct OneAtATime: Oldest1SuspendNewEffectQueueProtocol {}

  /// The process's resident set size in bytes, from `/proc/self/status`.
  static func residentBytes() -> Int {
    #if os(Linux)
      // NOTE: hands memory freed by an earlier measurement back to the system, so it is not
      // reused without growing the resident set (which would hide a later measurement's cost).
      _ = mallocTrim(0)
    #endif
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
      return kilobytes * 1024
    }
    return 0
  }

  /// Sends `n` effects into a queue whose first effect is blocked; returns bytes per waiting
  /// effect, measured by the growth of the resident set.
  static func bytesPerWaitingEffect(n: Int) async -> Double {
    let gate = AsyncStream<Void>.makeStream()
    let reducer = Reducer<Int, Int, Void> { action, state, _ in
      if action < 0 {
        state += 1
        return .empty
      }
      return Effect(queue: OneAtATime()) {
        if action == 0 { for await _ in gate.stream {} }
        return -1
      }
    }
    let actomaton = Actomaton<Int, Int>(state: 0, reducer: reducer)
    await actomaton.send(0)
    let before = residentBytes()
    var tasks: [Task<Void, any Error>] = []
    tasks.reserveCapacity(n)
    for index in 1...n {
      if let task = await actomaton.send(index) { tasks.append(task) }
    }
    // NOTE: the send tasks run on the global pool; wait until they have all reached their
    // suspension, that is until the resident set stops growing.
    var after = residentBytes()
    while true {
      try? await Task.sleep(for: .milliseconds(200))
      let now = residentBytes()
      if now == after { break }
      after = now
    }
    gate.continuation.finish()
    for task in tasks { try? await task.value }
    return Double(after - before) / Double(n)
  }

  /// The floor: resident bytes per bare `Task` suspended on a continuation, the least that a
  /// send's task waiting for a queued effect can cost.
  static func bytesPerSuspendedTask(n: Int) async -> Double {
    let parked = Locked<[CheckedContinuation<Void, Never>]>([])
    parked.withLock { $0.reserveCapacity(n) }
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(n)
    let before = residentBytes()
    for _ in 0..<n {
      tasks.append(
        Task.detached {
          await withCheckedContinuation { continuation in
            parked.withLock { $0.append(continuation) }
          }
        })
    }
    while parked.withLock({ $0.count }) < n { await Task.yield() }
    let after = residentBytes()
    for continuation in parked.withLock({ $0 }) { continuation.resume() }
    for task in tasks { await task.value }
    return Double(after - before) / Double(n)
  }
}
