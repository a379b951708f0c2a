import CounterFeature
import GitHubSearchFeature
import StateDiagramFeature
import StopwatchFeature
import TodoFeature

extension Root.State {
  /// A screen with the state it shows, as the REPL draws it.
  public enum Current: Equatable, Sendable {
    case counter(Counter.State)
    case stopwatch(Stopwatch.State)
    case stateDiagram(StateDiagram.State)
    case todo(Todo.State)
    indirect case gitHubSearch(GitHubSearch.State)
  }

  /// The screen shown, with its state; setting `.todo(list)` shows `list` as the session's list.
  public var current: Current? {
    get {
      switch screen {
      case let .counter(state)?: .counter(state)
      case let .stopwatch(state)?: .stopwatch(state)
      case let .stateDiagram(state)?: .stateDiagram(state)
      case .todo?: .todo(todo)
      case let .gitHubSearch(state)?: .gitHubSearch(state)
      case nil: nil
      }
    }
    set {
      if case let .todo(list)? = newValue { todo = list }
      screen = newValue.map(Screen.init)
    }
  }
}

extension Root.State.Screen {
  /// The screen that shows `current`.
  init(_ current: Root.State.Current) {
    switch current {
    case let .counter(state): self = .counter(state)
    case let .stopwatch(state): self = .stopwatch(state)
    case let .stateDiagram(state): self = .stateDiagram(state)
    case .todo: self = .todo
    case let .gitHubSearch(state): self = .gitHubSearch(state)
    }
  }
}

// NOTE: the debug log and test failures show the state as the screens see it: the Todo list
// inside the Todo screen while it is shown, on its own otherwise.
extension Root.State: CustomReflectable {
  public var customMirror: Mirror {
    let children: [Mirror.Child] =
      screen == .todo
      ? [("current", current as Any)] : [("current", current as Any), ("todo", todo)]
    return Mirror(self, children: children, displayStyle: .struct)
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

extension Root.State {
  /// Who is logged in, while the login screen shows a logged-in user.
  public var signedInUser: String? {
    guard case let .stateDiagram(login)? = screen, login.phase == .loggedIn else { return nil }
    return login.userID
  }
}
