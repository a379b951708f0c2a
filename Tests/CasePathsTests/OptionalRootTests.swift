import CasePaths
import Testing

/// A stand-in for a reducer, with `contramap` overloads shaped like Actomaton's.
private struct MiniReducer<State> {
  let run: (inout State) -> Void

  func contramap<GlobalState>(state path: CasePath<GlobalState, State>) -> MiniReducer<GlobalState>
  {
    MiniReducer<GlobalState> { global in
      guard var state = path.extract(from: global) else { return }
      run(&state)
      global = path.embed(state)
    }
  }

  func contramap<Wrapped>(state path: CasePath<Wrapped?, State>) -> MiniReducer<Wrapped?> {
    MiniReducer<Wrapped?> { global in
      guard var state = path.extract(from: global) else { return }
      run(&state)
      global = path.embed(state)
    }
  }

  func contramap<GlobalState>(
    state keyPath: WritableKeyPath<GlobalState, State>
  ) -> MiniReducer<GlobalState> {
    MiniReducer<GlobalState> { global in run(&global[keyPath: keyPath]) }
  }
}

@Suite("Optional roots")
struct OptionalRootTests {
  @Test("Where a CasePath<Enum?, Value> is expected, /Enum.case fails on nil")
  func nilRoot() {
    let counter: CasePath<Current?, CounterState> = /Current.counter
    #expect(counter.extract(from: nil) == nil)
    #expect(counter.extract(from: .some(.counter(CounterState(count: 1))))?.count == 1)
  }

  @Test("An optional root in another case gives nil, in both learning orders")
  func otherCase() {
    let counterFirst: CasePath<Current?, CounterState> = /Current.counter
    #expect(counterFirst.extract(from: .some(.counter(CounterState(count: 2))))?.count == 2)
    #expect(counterFirst.extract(from: .some(.todo(TodoState()))) == nil)
    #expect(counterFirst.extract(from: nil) == nil)

    let todoFirst: CasePath<Current?, CounterState> = /Current.counter
    #expect(todoFirst.extract(from: .some(.todo(TodoState(titles: ["a"])))) == nil)
    #expect(todoFirst.extract(from: nil) == nil)
    #expect(todoFirst.extract(from: .some(.counter(CounterState(count: 3))))?.count == 3)
    #expect(todoFirst.extract(from: .some(.todo(TodoState()))) == nil)
  }

  @Test("Embedding through an optional root wraps the case in .some")
  func embedWrapsInSome() {
    let todo: CasePath<Current?, TodoState> = /Current.todo
    #expect(todo.embed(TodoState(titles: ["x"])) == .some(.todo(TodoState(titles: ["x"]))))
  }

  @Test("The case path composes with a key path to an optional enum property")
  func composesWithKeyPath() {
    func lift<Wrapped, State>(
      _ path: CasePath<Wrapped?, State>, _ keyPath: KeyPath<AppState, Wrapped?>
    ) -> (AppState) -> State? {
      { path.extract(from: $0[keyPath: keyPath]) }
    }
    let read = lift(/Current.counter, \AppState.current)
    #expect(read(AppState(current: .counter(CounterState(count: 5))))?.count == 5)
    #expect(read(AppState(current: .todo(TodoState()))) == nil)
    #expect(read(AppState(current: nil)) == nil)
  }

  @Test("A reducer lifts through /Current.counter and then the optional key path")
  func reducerLifting() {
    let increment = MiniReducer<CounterState> { $0.count += 1 }
    let app = increment.contramap(state: /Current.counter).contramap(state: \AppState.current)
    var state = AppState(current: .counter(CounterState(count: 1)))
    app.run(&state)
    #expect(state.current == .counter(CounterState(count: 2)))
    state.current = .todo(TodoState(titles: ["t"]))
    app.run(&state)
    #expect(state.current == .todo(TodoState(titles: ["t"])))
    state.current = nil
    app.run(&state)
    #expect(state.current == nil)
  }

  @Test("Optional.some extracts the wrapped value")
  func optionalSome() {
    let some = /Optional<Int>.some
    #expect(type(of: some) == CasePath<Int?, Int>.self)
    #expect(some.extract(from: 4) == 4)
    #expect(some.extract(from: nil) == nil)
    #expect(some.embed(8) == .some(8))
  }

  @Test("Optional.some of an optional extracts the inner optional")
  func nestedOptionalSome() {
    let some = /Optional<Int?>.some
    #expect(some.extract(from: .some(.some(1))) == .some(1))
    #expect(some.extract(from: .some(.none)) == .some(nil))
    #expect(some.extract(from: .none) == nil)
  }

  @Test("A doubly optional root is looked through")
  func doublyOptionalRoot() {
    let twin: CasePath<TwinAction??, Int> = /TwinAction.a
    #expect(twin.extract(from: .some(.some(.b(1)))) == nil)
    #expect(twin.extract(from: .some(.some(.a(2)))) == 2)
    #expect(twin.extract(from: .some(.none)) == nil)
    #expect(twin.extract(from: .none) == nil)
    #expect(twin.embed(3) == .some(.some(.a(3))))
  }
}
