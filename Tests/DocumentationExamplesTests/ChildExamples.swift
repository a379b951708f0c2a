import ActomatonTesting
import Testing

/// The `child(...)` listings of the articles "Composing features" and "Testing": a detail screen
/// that loads when it opens, and whose load ends when it closes.
@Suite struct ChildExamples {
  enum DetailAction: Sendable, Equatable { case load, loaded(String) }

  struct Detail: Sendable, Equatable {
    var text = ""
  }

  enum ParentAction: Sendable, Equatable {
    case open, close
    case detail(DetailAction)
  }

  struct Parent: Sendable, Equatable {
    var detail: Detail?
  }

  static func parent(clock: TestClock) -> Reducer<ParentAction, Parent, Void> {
    let detail = Reducer<DetailAction, Detail, Void> { action, state, _ in
      switch action {
      case .load:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded("Hello"))
        }
      case let .loaded(text):
        state.text = text
      }
      return .empty
    }
    return Reducer { action, state, _ in
      switch action {
      case .open: state.detail = Detail()
      case .close: state.detail = nil
      case .detail: break
      }
      return .empty
    }
    .child(
      detail, state: \.detail, action: /ParentAction.detail, environment: { $0 },
      onStart: .nextAction(.load))
  }

  static func store() -> (TestStore<ParentAction, Parent>, TestClock) {
    let clock = TestClock()
    return (TestStore(initialState: Parent(), reducer: parent(clock: clock), clock: clock), clock)
  }

  @Test func theDetailLoadsWhileItIsOpen() async {
    let (store, clock) = Self.store()
    await store.send(.open) { $0.detail = Detail() }
    await store.receive(.detail(.load))  // the child's `onStart`
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.loaded("Hello"))) { $0.detail?.text = "Hello" }
    await store.send(.close) { $0.detail = nil }
  }

  @Test func closingTheDetailEndsItsLoad() async {
    let (store, clock) = Self.store()
    await store.send(.open) { $0.detail = Detail() }
    await store.receive(.detail(.load))
    #expect(await store.liveEffectIDs().count == 1)  // the load, asleep on the clock
    await store.send(.close) { $0.detail = nil }
    #expect(await store.liveEffectIDs().isEmpty)
    await clock.advance(by: .seconds(5))  // nothing arrives
  }
}
