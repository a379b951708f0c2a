import Actomaton

struct Counted: Sendable, Equatable {
  var count = 0
}

let countingReducer = Reducer<Ping, Counted, Void> { action, state, _ in
  if case .increment = action { state.count += 1 }
  return .empty
}

enum ObservationWorkloads {
  /// W8: a send that changes an observed field, with `observers` idle observers of it (each has
  /// taken the current value and holds the next one pending), so the time is the runtime's cost
  /// of observing, without the consumers' own wake-ups.
  static func w8Send(observers: Int, n: Int, repetitions: Int) async -> Sample {
    let actomaton = Actomaton<Ping, Counted>(state: Counted(), reducer: countingReducer)
    var iterators: [StateValues<Int>.Iterator] = []
    for _ in 0..<observers {
      var iterator = actomaton.values(of: \.count).makeAsyncIterator()
      _ = await iterator.next()
      iterators.append(iterator)
    }
    let sample = await measure(n: n, repetitions: repetitions) {
      for _ in 0..<n { await actomaton.send(.increment) }
    }
    withExtendedLifetime(iterators) {}
    return sample
  }
}
