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

  /// Each feature's environment, keyed by its type: a screen's file provides its feature's
  /// (`environment[Todo.Environment.self]`), and its `child` line reads it.
  public struct Environment: Sendable {
    // NOTE: boxed: every reducer the root is made of takes the environment by value, on every
    // action; unboxed, it is a few hundred bytes of closures, copied at each level.
    private var values = Values([:])

    public init() {}

    /// The environment of type `Feature`; a feature whose screen provides none is a
    /// programming error.
    public subscript<Feature: Sendable>(_ type: Feature.Type) -> Feature {
      get {
        // NOTE: each value in a box of its own type: a class cast, not an existential's.
        guard let box = values.byType[ObjectIdentifier(type)] as? Box<Feature> else {
          fatalError("Root.Environment has no \(Feature.self): its screen provides it")
        }
        return box.value
      }
      set {
        var byType = values.byType
        byType[ObjectIdentifier(type)] = Box(newValue)
        values = Values(byType)
      }
    }

    private final class Box<Value: Sendable>: Sendable {
      let value: Value
      init(_ value: Value) { self.value = value }
    }

    private final class Values: Sendable {
      let byType: [ObjectIdentifier: any AnyObject & Sendable]
      init(_ byType: [ObjectIdentifier: any AnyObject & Sendable]) { self.byType = byType }
    }
  }

  // MARK: - Reducer

  public static var reducer: Reducer<Action, State, Environment> {
    // NOTE: the action first: another feature's action looks up no Todo environment.
    screens
      + Todo.reducer.contramap(environment: { $0[Todo.Environment.self] })
      .contramap(state: \State.todo).contramap(action: /Action.todo)
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
        environment: { $0[Stopwatch.Environment.self] }
      )
      .child(
        StateDiagram.reducer, state: \.screen, case: stateDiagram, action: /Action.stateDiagram,
        environment: { $0[StateDiagram.Environment.self] }
      )
      .child(
        GitHubSearch.reducer, state: \.screen, case: gitHubSearch, action: /Action.gitHubSearch,
        environment: { $0[GitHubSearch.Environment.self] }
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
