import Actomaton
import CounterFeature
import GitHubSearchFeature
import StateDiagramFeature
import StopwatchFeature
import TodoFeature

/// The app: one screen at a time, each a feature whose work ends when it is left.
public enum Root {
  // MARK: - State

  public struct State: Equatable, Sendable, Codable {
    /// The screen shown; `nil` is the home screen.
    public var screen: Screen?
    /// The Todo list, for the whole session: the Todo screen shows it, and a save still running
    /// when the screen is left answers to it, so a save that failed (a full disk) loses nothing.
    public var todo: Todo.State

    public init(screen: Screen? = nil, todo: Todo.State = Todo.State()) {
      self.screen = screen
      self.todo = todo
    }

    // NOTE: the large screens are boxed, so that the state stays small to copy; the small ones
    // are not, so that an action for them changes them in place instead of in a new box.
    // NOTE: the one enum of screens: the Todo screen has no payload, its list is ``todo``, so
    // the list is stored, compared and encoded once.
    public enum Screen: Equatable, Sendable, Codable {
      case counter(Counter.State)
      case stopwatch(Stopwatch.State)
      indirect case stateDiagram(StateDiagram.State)
      /// Shows ``State/todo``, the session's list.
      case todo
      indirect case gitHubSearch(GitHubSearch.State)
    }
  }

  // MARK: - Action

  public enum Action: Equatable, Sendable, Codable {
    // NOTE: the screen-changing cases are `indirect`, so that an action stays small (a pointer)
    // instead of as large as the largest screen's state, which every reducer would copy.

    /// Leaves the current screen (ending its work, flushing a pending Todo save) and shows
    /// `screen` (`nil`: the home screen).
    indirect case changeCurrent(State.Screen?)
    case counter(Counter.Action)
    case stopwatch(Stopwatch.Action)
    case stateDiagram(StateDiagram.Action)
    case todo(Todo.Action)
    indirect case gitHubSearch(GitHubSearch.Action)
    /// Shows a screen once the one left has stopped.
    indirect case _show(State.Screen?)
  }

  // MARK: - Environment

  public struct Environment: Sendable {
    public var stopwatch: Stopwatch.Environment {
      get { fields.stopwatch }
      set { fields = Fields(fields, stopwatch: newValue) }
    }
    public var stateDiagram: StateDiagram.Environment {
      get { fields.stateDiagram }
      set { fields = Fields(fields, stateDiagram: newValue) }
    }
    public var todo: Todo.Environment {
      get { fields.todo }
      set { fields = Fields(fields, todo: newValue) }
    }
    public var gitHubSearch: GitHubSearch.Environment {
      get { fields.gitHubSearch }
      set { fields = Fields(fields, gitHubSearch: newValue) }
    }

    // NOTE: boxed: every reducer the root is made of takes the environment by value, on every
    // action; unboxed, it is a few hundred bytes of closures, copied at each level.
    private var fields: Fields

    public init(
      stopwatch: Stopwatch.Environment, stateDiagram: StateDiagram.Environment,
      todo: Todo.Environment, gitHubSearch: GitHubSearch.Environment
    ) {
      fields = Fields(
        stopwatch: stopwatch, stateDiagram: stateDiagram, todo: todo, gitHubSearch: gitHubSearch)
    }

    private final class Fields: Sendable {
      let stopwatch: Stopwatch.Environment
      let stateDiagram: StateDiagram.Environment
      let todo: Todo.Environment
      let gitHubSearch: GitHubSearch.Environment

      init(
        stopwatch: Stopwatch.Environment, stateDiagram: StateDiagram.Environment,
        todo: Todo.Environment, gitHubSearch: GitHubSearch.Environment
      ) {
        self.stopwatch = stopwatch
        self.stateDiagram = stateDiagram
        self.todo = todo
        self.gitHubSearch = gitHubSearch
      }

      /// A copy of `fields` with the values given replaced.
      convenience init(
        _ fields: Fields, stopwatch: Stopwatch.Environment? = nil,
        stateDiagram: StateDiagram.Environment? = nil, todo: Todo.Environment? = nil,
        gitHubSearch: GitHubSearch.Environment? = nil
      ) {
        self.init(
          stopwatch: stopwatch ?? fields.stopwatch,
          stateDiagram: stateDiagram ?? fields.stateDiagram, todo: todo ?? fields.todo,
          gitHubSearch: gitHubSearch ?? fields.gitHubSearch)
      }
    }
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Environment> {
    screens
      + Todo.reducer.contramap(action: /Action.todo).contramap(state: \State.todo)
      .contramap(environment: { $0.todo })
  }

  // NOTE: every screen is a child of one case: leaving it cancels its effects. Separately typed
  // paths keep the type checker quick.
  static var screens: Reducer<Action, State, Environment> {
    let counter: CasePath<State.Screen?, Counter.State> = /State.Screen.counter
    let stopwatch: CasePath<State.Screen?, Stopwatch.State> = /State.Screen.stopwatch
    let stateDiagram: CasePath<State.Screen?, StateDiagram.State> = /State.Screen.stateDiagram
    let gitHubSearch: CasePath<State.Screen?, GitHubSearch.State> = /State.Screen.gitHubSearch
    let todo: CasePath<State.Screen?, Void> = /State.Screen.todo
    return
      navigation
      .child(
        Counter.reducer, state: \.screen, case: counter, action: /Action.counter,
        environment: { _ in () }
      )
      .child(
        Stopwatch.reducer, state: \.screen, case: stopwatch, action: /Action.stopwatch,
        environment: { $0.stopwatch }
      )
      .child(
        StateDiagram.reducer, state: \.screen, case: stateDiagram, action: /Action.stateDiagram,
        environment: { $0.stateDiagram }
      )
      .child(
        GitHubSearch.reducer, state: \.screen, case: gitHubSearch, action: /Action.gitHubSearch,
        environment: { $0.gitHubSearch }
      )
      .lifetime(
        state: \.screen, case: todo, onStart: .nextAction(.todo(.onAppear)),
        onStop: .nextAction(.todo(.onDisappear)))
  }

  // NOTE: leaving, then showing: the screen left stops before the next one starts, even when it
  // is the same screen again.
  static let navigation = Reducer<Action, State, Environment>(only: { $0.isNavigation }) {
    action, state, _ in
    switch action {
    case let .changeCurrent(next):
      state.screen = nil
      return .nextAction(._show(next))
    case let ._show(next):
      state.screen = next
      return .empty
    default:
      return .empty
    }
  }
}

extension Root.Action {
  var isNavigation: Bool {
    switch self {
    case .changeCurrent, ._show: true
    default: false
    }
  }
}
