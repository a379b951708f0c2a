import Actomaton
import ActomatonREPL
import AppRoot
import Foundation
import TodoFeature
import TodoStorage
import TodoStorageLive

extension Gallery {
  static let todo = FeatureScreen<Gallery, Todo.State, Todo.Action>(
    name: "todo",
    title: "Todo list",
    summary: "a todo list, saved between runs",
    place: .session(/Root.State.Screen.todo, \.todo),
    action: /Root.Action.todo,
    commands: [
      Command("add", "TEXT", "add an item", example: "add buy milk") {
        arguments throws(CommandError) in
        .add(try arguments.rest(after: 0, named: "TEXT", usage: "add TEXT"))
      },
      Command("edit", .item(" TEXT"), "replace item N's text", example: "edit 2 buy oat milk") {
        arguments throws(CommandError) in
        let position = try arguments.number(0, named: "N", usage: "edit N TEXT")
        let text = try arguments.rest(after: 1, named: "TEXT", usage: "edit N TEXT")
        return .edit(position: position, text: text)
      },
      positional("toggle", "mark item N done or not done") { .toggle(position: $0) },
      positional("delete", "delete item N") { .delete(position: $0) },
      .simple("clear-completed", "delete every completed item (asks first)", .clearCompleted),
      .choice("filter", Todo.Filter.self, "show only some items", example: .active) {
        .setFilter($0)
      },
      positional("up", "move item N up") { .moveUp(position: $0) },
      positional("down", "move item N down") { .moveDown(position: $0) },
      .view("list", "show the whole list") { renderTodo($0, showing: .max) },
    ],
    render: { renderTodo($0) },
    notice: { action, state in
      switch action {
      case .loadResponse(.success):
        return "todo: loaded \(state.items.count) item(s)"
      case .loadResponse(.failure), .saveResponse(.failure):
        return state.failure.map { "todo: \($0)" }
      case .saveResponse(.success), .reloadResponse(.success):
        return diskNews(state)
      default:
        return nil
      }
    },
    news: diskNews,
    reload: { _ in .refresh },
    itemCount: { $0.items.count(where: $0.filter.shows) },
    confirmation: .init(question: { $0.confirmation?.question }, answer: { .answer($0) }),
    environment: ScreenEnvironment { surroundings -> Todo.Environment in
      let storage = surroundings.live.map { live in
        TodoStorage.live(
          directory: live.path("--data-dir")
            ?? TodoStorage.defaultDirectory(environment: live.processEnvironment)
        ).onItsOwnThread()
      }
      return Todo.Environment(storage: storage ?? .unimplemented, clock: surroundings.clock)
    } inputs: { environment, tap in
      environment.makeID = tap.input("todo.id", environment.makeID, otherwise: { UUID() })
    }
  ).erased

  private static func positional(
    _ name: String, _ summary: String, _ action: @escaping @Sendable (Int) -> Todo.Action
  ) -> Command<Todo.State, Todo.Action> {
    Command(name, .item(), summary, example: "\(name) 1") { arguments throws(CommandError) in
      let usage = "\(name) N"
      try arguments.expectAtMost(1, usage: usage)
      return action(try arguments.number(0, named: "N", usage: usage))
    }
  }

  @Sendable static func diskNews(_ state: Todo.State) -> String? {
    state.changedOnDisk.map { "todo list changed on disk: \($0)" }
  }

  /// How many items the screen shows after a command; `list` shows them all.
  // NOTE: a long list printed whole after every command buries the answer and costs most of
  // the command's time (a 100,000-item list: 5 MB of output per toggle).
  static let shownItems = 100

  @Sendable static func renderTodo(_ state: Todo.State, showing limit: Int = shownItems)
    -> Rendered
  {
    // NOTE: counted and walked lazily, not filtered into a copy of the list for a hundred lines.
    let visibleCount = state.items.count(where: state.filter.shows)
    // NOTE: a slow load must not look like an empty list.
    let isLoading = state.persistence == .loading
    var lines = [
      "\(state.activeCount) active, \(state.completedCount) completed"
        + (state.filter == .all ? "" : " (showing \(state.filter.rawValue))")
        + (isLoading ? " (the saved list is still loading)" : "")
    ]
    if visibleCount == 0 { lines.append(isLoading ? "  (no items yet)" : "  (no items)") }
    for (index, item) in state.items.lazy.filter(state.filter.shows).prefix(limit).enumerated() {
      lines.append("  \(index + 1). [\(item.isCompleted ? "x" : " ")] \(item.text)")
    }
    if visibleCount > limit {
      lines.append("  … \(visibleCount - limit) more ('list' shows them all)")
    }
    return Rendered(lines, problem: Problem(failure: state.failure, refusal: state.refusal))
  }
}
