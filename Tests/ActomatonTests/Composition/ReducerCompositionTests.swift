import Testing

@testable import Actomaton

/// One root reducer composed from feature reducers through case paths.
@Suite struct ReducerCompositionTests {
  enum Counter {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Sendable { case increment, incrementLater }
    static var reducer: Reducer<Action, State, Void> {
      Reducer { action, state, _ in
        switch action {
        case .increment:
          state.count += 1
          return .empty
        case .incrementLater:
          return Effect { .increment }
        }
      }
    }
  }

  enum Todo {
    struct State: Equatable, Sendable { var items: [String] = [] }
    enum Action: Sendable { case add(String) }
    static var reducer: Reducer<Action, State, String> {
      Reducer { action, state, prefix in
        switch action {
        case let .add(text):
          state.items.append(prefix + text)
          return .empty
        }
      }
    }
  }

  enum Root {
    enum Action: Sendable {
      case changeCurrent(State.Current?)
      case counter(Counter.Action)
      case todo(Todo.Action)
    }

    struct State: Equatable, Sendable {
      var current: Current?

      enum Current: Equatable, Sendable {
        case counter(Counter.State)
        case todo(Todo.State)
      }
    }

    struct Environment: Sendable { var todoPrefix = "- " }

    static var reducer: Reducer<Action, State, Environment> {
      Reducer.combine(
        Reducer { action, state, _ in
          if case let .changeCurrent(current) = action { state.current = current }
          return .empty
        },
        Counter.reducer
          .contramap(action: /Action.counter)
          .contramap(state: /State.Current.counter)
          .contramap(state: \State.current)
          .contramap(environment: { _ in () }),
        Todo.reducer
          .contramap(action: /Action.todo)
          .contramap(state: /State.Current.todo)
          .contramap(state: \State.current)
          .contramap(environment: { $0.todoPrefix })
      )
    }
  }

  static func make() -> Actomaton<Root.Action, Root.State> {
    Actomaton(state: Root.State(), reducer: Root.reducer, environment: Root.Environment())
  }

  @Test func actionsReachOnlyTheCurrentScreensReducer() async {
    let actomaton = Self.make()
    await actomaton.send(.counter(.increment))
    #expect(await actomaton.state.current == nil, "no screen: the action is ignored")

    await actomaton.send(.changeCurrent(.counter(.init())))
    await actomaton.send(.counter(.increment))
    await actomaton.send(.todo(.add("ignored while the counter is shown")))
    #expect(await actomaton.state.current == .counter(.init(count: 1)))

    await actomaton.send(.changeCurrent(.todo(.init())))
    await actomaton.send(.todo(.add("milk")))
    await actomaton.send(.counter(.increment))
    #expect(await actomaton.state.current == .todo(.init(items: ["- milk"])))
  }

  @Test func effectActionsAreEmbeddedBackIntoTheRootAction() async throws {
    let actomaton = Self.make()
    await actomaton.send(.changeCurrent(.counter(.init())))
    try await actomaton.send(.counter(.incrementLater))?.value
    #expect(await actomaton.state.current == .counter(.init(count: 1)))
  }

  @Test func combinedReducersRunInOrderOnTheSameState() async {
    let first = Reducer<Int, [Int], Void> { action, state, _ in
      state.append(action)
      return .empty
    }
    let second = Reducer<Int, [Int], Void> { action, state, _ in
      state.append(action * 10)
      return .empty
    }
    let actomaton = Actomaton(state: [], reducer: first + second + .empty)
    await actomaton.send(2)
    #expect(await actomaton.state == [2, 20])
  }

  @Test func optionalStateReducerRunsOnlyWhenPresent() async {
    let actomaton = Actomaton<Counter.Action, Counter.State?>(
      state: nil, reducer: Counter.reducer.optional())
    await actomaton.send(.increment)
    #expect(await actomaton.state == nil)
    let present = Actomaton<Counter.Action, Counter.State?>(
      state: Counter.State(), reducer: Counter.reducer.optional())
    await present.send(.increment)
    #expect(await present.state == Counter.State(count: 1))
  }

  @Test func keyPathContramapFocusesOnAField() async {
    struct Pair: Equatable, Sendable {
      var left = Counter.State()
      var right = Counter.State()
    }
    let reducer = Counter.reducer.contramap(state: \Pair.right)
    let actomaton = Actomaton(state: Pair(), reducer: reducer)
    await actomaton.send(.increment)
    #expect(await actomaton.state == Pair(left: .init(count: 0), right: .init(count: 1)))
  }
}
