import Actomaton

enum Ping: Sendable { case increment, ping, pong, search, result }

struct SearchQueue: Newest1EffectQueueProtocol {}
struct SuspendQueue: EffectQueueProtocol {
  var effectQueuePolicy: EffectQueuePolicy { .runOldest(maxCount: 4, .suspendNew) }
}

let pingReducer = Reducer<Ping, Int, Void> { action, state, _ in
  switch action {
  case .increment:
    state += 1
    return .empty
  case .ping:
    return Effect { .pong }
  case .pong, .result:
    state += 1
    return .empty
  case .search:
    return Effect(queue: SearchQueue()) {
      await Task.yield()
      return .result
    }
  }
}

/// The raw floor for W1: an actor method doing the same state change.
actor Floor {
  var count = 0
  func increment() { count += 1 }
}

enum CoreWorkloads {
  static func w1Send(n: Int, repetitions: Int) async -> (Sample, Sample) {
    let actomaton = Actomaton<Ping, Int>(state: 0, reducer: pingReducer)
    let sends = await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await actomaton.send(.increment) }
    }
    let floor = Floor()
    let calls = await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await floor.increment() }
    }
    return (sends, calls)
  }

  /// `executor`: where the measuring task, the actomaton and its effects (and the floor's tasks)
  /// run; `nil` for the global pool.
  static func w2RoundTrip(
    n: Int, repetitions: Int, executor: (any TaskExecutor)? = nil
  ) async -> (Sample, Sample) {
    let actomaton = Actomaton<Ping, Int>(state: 0, reducer: pingReducer, executor: executor)
    let trips = await withTaskExecutorPreference(executor) {
      await measure(n: n, repetitions: repetitions) {
        for _ in 0..<n { try? await actomaton.send(.ping)?.value }
      }
    }
    let tasks = await withTaskExecutorPreference(executor) {
      await measure(n: n, repetitions: repetitions) {
        for _ in 0..<n { await Task(executorPreference: executor) {}.value }
      }
    }
    return (trips, tasks)
  }

  static func w3Newest(
    n: Int, repetitions: Int, executor: (any TaskExecutor)? = nil
  ) async -> Sample {
    let actomaton = Actomaton<Ping, Int>(state: 0, reducer: pingReducer, executor: executor)
    return await withTaskExecutorPreference(executor) {
      await measure(n: n, repetitions: repetitions) {
        var last: Task<Void, any Error>?
        for _ in 0..<n { last = await actomaton.send(.search) }
        try? await last?.value
      }
    }
  }

  /// Sends `n` effects into a `runOldest(maxCount: 4, .suspendNew)` queue at once; each yields
  /// once; measures until all are done.
  static func w4Suspend(
    n: Int, repetitions: Int, executor: (any TaskExecutor)? = nil
  ) async -> Sample {
    let reducer = Reducer<Ping, Int, Void> { action, state, _ in
      switch action {
      case .ping:
        return Effect(queue: SuspendQueue()) {
          await Task.yield()
          return .pong
        }
      default:
        state += 1
        return .empty
      }
    }
    let actomaton = Actomaton<Ping, Int>(state: 0, reducer: reducer, executor: executor)
    return await withTaskExecutorPreference(executor) {
      await measure(n: n, repetitions: repetitions) {
        var tasks: [Task<Void, any Error>] = []
        tasks.reserveCapacity(n)
        for _ in 0..<n {
          if let task = await actomaton.send(.ping) { tasks.append(task) }
        }
        for task in tasks { try? await task.value }
      }
    }
  }
}
