import ActomatonDebugging
import Dispatch
import Testing

@testable import Actomaton

/// The `.debug()` observer formats off the actomaton, in order, and pairs each action with its own
/// change even when one observer serves two actomatons (issue #29).
@Suite struct ObserverFormattingTests {
  struct State: Equatable, Sendable { var values: [Int] = [] }
  enum Action: Equatable, Sendable { case append(Int) }

  static let reducer = Reducer<Action, State, Void> { action, state, _ in
    if case let .append(value) = action { state.values.append(value) }
    return .empty
  }

  @Test func theActomatonDoesNotWaitForTheSink() async {
    let gate = DispatchSemaphore(value: 0)
    let log = Locked<[String]>([])
    let formatting = LogFormatting.background()
    let actomaton = Actomaton(
      state: State(), reducer: Self.reducer,
      observer: .debug(
        to: { entry in
          gate.wait()
          log.withLock { $0.append(entry) }
        }, formatting: formatting))
    // NOTE: the sink blocks until the sends are done: formatting on the actor would deadlock here.
    for value in 0..<3 { await actomaton.send(.append(value)) }
    #expect(await actomaton.state.values == [0, 1, 2])
    for _ in 0..<3 { gate.signal() }
    formatting.flush()
    #expect(
      log.withLock { $0 } == [
        "action: append(0)\n  + .values[0]: 0", "action: append(1)\n  + .values[1]: 1",
        "action: append(2)\n  + .values[2]: 2",
      ])
  }

  @Test func oneObserverSharedByTwoActomatonsPairsEachActionWithItsChange() async {
    let log = Locked<[String]>([])
    let formatting = LogFormatting.background()
    let observer = ActomatonObserver<Action, State>.debug(
      to: { entry in log.withLock { $0.append(entry) } }, formatting: formatting)
    let first = Actomaton(state: State(), reducer: Self.reducer, observer: observer)
    let second = Actomaton(state: State(values: [-1]), reducer: Self.reducer, observer: observer)
    await withTaskGroup(of: Void.self) { group in
      group.addTask { for value in 0..<200 { await first.send(.append(value)) } }
      group.addTask { for value in 0..<200 { await second.send(.append(1_000 + value)) } }
    }
    formatting.flush()
    let entries = log.withLock { $0 }
    #expect(entries.count == 400)
    for entry in entries {
      // NOTE: the first actomaton's value v lands at index v, the second's 1000 + v at v + 1.
      let value = Int(entry.split(separator: "(")[1].split(separator: ")")[0])!
      let index = value >= 1_000 ? value - 1_000 + 1 : value
      #expect(entry == "action: append(\(value))\n  + .values[\(index)]: \(value)")
    }
  }
}
