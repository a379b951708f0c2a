import Actomaton
import CounterFeature
import Testing

/// The listings of the article "Composing features".
@Suite struct ComposingExamples {
  enum AppAction: Sendable {
    case counter(Counter.Action)
    case resetAll
  }

  struct AppState: Sendable {
    var counter = Counter.State()
  }

  static let appReducer = Reducer<AppAction, AppState, Void>.combine(
    Counter.reducer
      .contramap(action: /AppAction.counter)
      .contramap(state: \AppState.counter),
    Reducer { action, state, _ in
      if case .resetAll = action { state.counter.count = 0 }
      return .empty
    }
  )

  @Test func theParentLiftsTheCounter() async {
    let app = Actomaton(state: AppState(), reducer: Self.appReducer)
    await app.send(.counter(.increment))
    #expect(await app.state.counter.count == 1)
    await app.send(.resetAll)
    #expect(await app.state.counter.count == 0)
  }
}
