import Actomaton

/// C1: effects that share one id, all waiting, cancelled together by that id.
enum CancelWorkloads {
  enum Action: Sendable { case wait, cancel }
  struct Shared: EffectIDProtocol {}

  /// Starts `n` waiting effects with one id, then cancels them with one action and waits until
  /// every one has ended; per effect.
  static func c1(n: Int, repetitions: Int) async -> Sample {
    let reducer = Reducer<Action, Int, Void> { action, _, _ in
      switch action {
      case .wait:
        return Effect(id: Shared()) {
          try await Task.sleep(for: .seconds(3600))
          return nil
        }
      case .cancel: return .cancel(id: Shared())
      }
    }
    let actomaton = Actomaton<Action, Int>(state: 0, reducer: reducer)
    return await measure(n: n, repetitions: repetitions) {
      var tasks: [Task<Void, any Error>] = []
      tasks.reserveCapacity(n)
      for _ in 0..<n {
        if let task = await actomaton.send(.wait) { tasks.append(task) }
      }
      await actomaton.send(.cancel)
      for task in tasks { try? await task.value }
    }
  }
}

extension Suite {
  func c1() async -> [Row] {
    let small = await CancelWorkloads.c1(n: 1_000 / scale, repetitions: repetitions)
    let large = await CancelWorkloads.c1(n: 10_000 / scale, repetitions: repetitions)
    return [
      Row(
        id: "C1", name: "cancel 10k waiting effects of one id", n: 10_000 / scale, sample: large,
        floorName: "the same, 1k effects", floor: small, target: "≤ 1.5", note: "per effect")
    ]
  }
}
