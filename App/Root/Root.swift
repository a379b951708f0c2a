import Actomaton
import CounterFeature
import GitHubSearchFeature
import StateDiagramFeature
import StopwatchFeature
import TodoFeature

/// The app: one screen at a time, each a feature composed through case paths.
public enum Root {
  // MARK: - State

  public struct State: Equatable, Sendable {
    /// The screen shown; `nil` is the home screen.
    public var current: Current?
    /// The Todo list of the closed Todo screen until its closing save is written: shown again
    /// when the screen reopens, so a save that failed (a full disk) loses nothing.
    public var unsavedTodo: Todo.State?

    public init(current: Current? = nil, unsavedTodo: Todo.State? = nil) {
      self.current = current
      self.unsavedTodo = unsavedTodo
    }

    public enum Current: Equatable, Sendable {
      case counter(Counter.State)
      case stopwatch(Stopwatch.State)
      case stateDiagram(StateDiagram.State)
      case todo(Todo.State)
      // NOTE: boxed: the search state is three times the size of the others, and every
      // action would copy a screen that large.
      indirect case gitHubSearch(GitHubSearch.State)
    }
  }

  // MARK: - Action

  public enum Action: Equatable, Sendable {
    // NOTE: the screen-changing cases are `indirect`, so that an action stays small (a pointer)
    // instead of as large as the largest screen's state, which every reducer would copy.

    /// Leaves the current screen (cancelling its work, flushing a pending Todo save) and shows
    /// `current`.
    indirect case changeCurrent(State.Current?)
    case counter(Counter.Action)
    case stopwatch(Stopwatch.Action)
    case stateDiagram(StateDiagram.Action)
    case todo(Todo.Action)
    indirect case gitHubSearch(GitHubSearch.Action)
    /// Shows a screen once the one left has wound down.
    indirect case _show(State.Current?)
  }

  // MARK: - Environment

  public struct Environment: Sendable {
    public var stopwatch: Stopwatch.Environment
    public var stateDiagram: StateDiagram.Environment
    public var todo: Todo.Environment
    public var gitHubSearch: GitHubSearch.Environment

    public init(
      stopwatch: Stopwatch.Environment, stateDiagram: StateDiagram.Environment,
      todo: Todo.Environment, gitHubSearch: GitHubSearch.Environment
    ) {
      self.stopwatch = stopwatch
      self.stateDiagram = stateDiagram
      self.todo = todo
      self.gitHubSearch = gitHubSearch
    }
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Environment> {
    Reducer.combine(
      navigation,
      Counter.reducer
        .contramap(action: /Action.counter)
        .contramap(state: /State.Current.counter)
        .contramap(state: \State.current)
        .contramap(environment: { _ in () }),
      Stopwatch.reducer
        .contramap(action: /Action.stopwatch)
        .contramap(state: /State.Current.stopwatch)
        .contramap(state: \State.current)
        .contramap(environment: { $0.stopwatch }),
      StateDiagram.reducer
        .contramap(action: /Action.stateDiagram)
        .contramap(state: /State.Current.stateDiagram)
        .contramap(state: \State.current)
        .contramap(environment: { $0.stateDiagram }),
      Todo.reducer
        .contramap(action: /Action.todo)
        .contramap(state: /State.Current.todo)
        .contramap(state: \State.current)
        .contramap(environment: { $0.todo }),
      GitHubSearch.reducer
        .contramap(action: /Action.gitHubSearch)
        .contramap(state: /State.Current.gitHubSearch)
        .contramap(state: \State.current)
        .contramap(environment: { $0.gitHubSearch })
    )
  }

  // NOTE: leaving runs the old screen's close effect while it is still current (a Todo flush is
  // reduced by the Todo reducer), and only then `_show` switches.
  static let navigation = Reducer<Action, State, Environment> { action, state, environment in
    switch action {
    case let .changeCurrent(next):
      if case let .todo(todo)? = state.current { state.unsavedTodo = todo }
      return close(state.current) + .nextAction(._show(next))
    case var ._show(next):
      if case .todo? = next, let kept = state.unsavedTodo {
        next = .todo(kept)
        state.unsavedTodo = nil
      }
      state.current = next
      return next.map(open) ?? .empty
    case let .todo(.saveResponse(result)):
      // NOTE: the closing save of a screen already left: its answer goes to the kept list.
      if case .todo? = state.current { return .empty }
      guard var kept = state.unsavedTodo else { return .empty }
      _ = Todo.reducer.run(.saveResponse(result), &kept, environment.todo)
      state.unsavedTodo = (try? result.get()) == nil ? kept : nil
      return .empty
    default:
      return .empty
    }
  }

  /// What a screen does when it is left: cancel its work, but flush a pending Todo save.
  static func close(_ current: State.Current?) -> Effect<Action> {
    switch current {
    case .stopwatch: Stopwatch.cancelAllEffects.map(Action.stopwatch)
    case .stateDiagram: StateDiagram.cancelAllEffects.map(Action.stateDiagram)
    case .todo: Todo.closeEffects.map(Action.todo)
    case .gitHubSearch: GitHubSearch.cancelAllEffects.map(Action.gitHubSearch)
    case .counter, nil: .empty
    }
  }

  /// What a screen does when it is shown.
  static func open(_ current: State.Current) -> Effect<Action> {
    switch current {
    case .todo: .nextAction(.todo(.onAppear))
    default: .empty
    }
  }
}

extension Root.State.Current {
  /// The screen's name, as the REPL's commands and prompt spell it.
  public var screenName: String {
    switch self {
    case .counter: "counter"
    case .stopwatch: "stopwatch"
    case .stateDiagram: "login"
    case .todo: "todo"
    case .gitHubSearch: "github"
    }
  }
}
