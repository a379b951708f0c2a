import ActomatonREPL
import AppRoot
import TodoFeature

extension Gallery {
  /// The todo list, kept in its file: undo puts back the list as loaded and saves what it
  /// restores, quitting prints what could not be saved, and its failures count where they arise.
  public static let saved: SavedPart<Gallery>? = SavedPart(
    screen: "todo",
    isLoaded: { $0.todo.persistence == .loaded },
    putting: { source, state in
      var state = state
      state.todo = source.todo
      return state
    },
    restored: { restoring, current in
      var state = restoring
      state.todo = restoring.todo.restored(over: current.todo)
      return state
    },
    differs: { $0.todo.items != $1.todo.items }, flush: .todo(.flush),
    forUndoOnly: { state in
      var state = state
      state.todo.dropList()
      return state
    },
    lostAtQuit: lostAtQuit, countFailures: countFailures)

  /// A list that could not be saved dies with the process: it is printed, so nothing typed is
  /// lost. So is one kept in memory only (its file is of a newer version), or one still loading,
  /// whose changes were never saved.
  @Sendable static func lostAtQuit(_ state: Root.State) -> SavedPart<Gallery>.LostAtQuit? {
    let todo = state.todo
    let why: String?
    var isSaveFailure = false
    switch (todo.failure, todo.persistence) {
    case let (.save(error)?, _):
      why = "could not be saved before quitting: \(error)"
      isSaveFailure = true
    case (_, .loaded), (_, .notLoaded): why = nil
    case let (.load(error)?, .memoryOnly): why = "was kept in memory only: \(error)"
    case (_, .memoryOnly): why = "was kept in memory only."
    case (_, .loading): why = "was still loading at quit, and was not saved."
    }
    guard let why, !todo.items.isEmpty || isSaveFailure else { return nil }
    return .init(
      message: "The todo list \(why) Its \(todo.items.count) item(s), to keep by hand:",
      lines: todo.items.map { "  [\($0.isCompleted ? "x" : " ")] \($0.text)" })
  }

  /// A list not saved counts once until a save succeeds; a load that failed, once each time.
  @Sendable static func countFailures(
    _ action: Root.Action, old: Root.State, new: Root.State, tally: inout FailureTally
  ) {
    switch action {
    case .todo(.saveResponse(.failure)): tally.arose("save")
    case .todo(.saveResponse(.success)): tally.ended("save")
    default:
      if case .load? = new.todo.failure, new.todo.failure != old.todo.failure { tally.add() }
    }
  }
}
