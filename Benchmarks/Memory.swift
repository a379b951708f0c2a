import Actomaton
import Foundation

/// Resident memory per effect waiting in one suspending queue.
enum Memory {
  struct OneAtATime: Oldest1SuspendNewEffectQueueProtocol {}

  /// The process's resident set size in bytes, from `/proc/self/status`.
  static func residentBytes() -> Int {
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
    let after = residentBytes()
    gate.continuation.finish()
    for task in tasks { try? await task.value }
    return Double(after - before) / Double(n)
  }
}
