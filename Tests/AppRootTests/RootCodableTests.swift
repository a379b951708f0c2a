import AppRoot
import CounterFeature
import Foundation
import GitHubSearchFeature
import StateDiagramFeature
import StopwatchFeature
import TestSupport
import Testing
import TodoFeature
import TodoStorage

/// The app's state and actions survive a recording, each screen's included; the Todo list is
/// encoded once, outside its screen.
@Suite struct RootCodableTests {
  static let screens: [Root.State.Screen] = [
    .counter(.init(count: 7)), .stopwatch(.init()),
    .stateDiagram(.init(phase: .loggedIn, userID: "ann")),
    .todo, .gitHubSearch(.init()),
  ]

  @Test func everyKindOfActionRoundTrips() throws {
    var actions: [Root.Action] = [
      .changeCurrent(nil), ._show(nil), .counter(.set(3)), .stopwatch(._tick),
      .stateDiagram(.loginResponse(.failure(.refused("no")))),
      .todo(.saveResponse(.failure(.diskFull(path: "/d", reason: "full")))),
      .gitHubSearch(
        .searchResponse(.failure(.rateLimited(resetAt: nil, retryAfter: 5, authenticated: false)))),
    ]
    actions += Self.screens.flatMap { [Root.Action.changeCurrent($0), ._show($0)] }
    for action in actions { #expect(try roundTripped(action) == action) }
  }

  @Test func theStateRoundTripsOnEveryScreen() throws {
    let todo = Todo.State(
      items: [TodoItem(id: UUID(1), text: "tea", isCompleted: true)], persistence: .loaded)
    for screen in Self.screens + [nil] {
      let state = Root.State(screen: screen, todo: todo)
      #expect(try roundTripped(state) == state)
    }
  }

  @Test func theTodoListIsEncodedOnceWhileItsScreenIsShown() throws {
    let todo = Todo.State(items: [TodoItem(id: UUID(1), text: "only-once", isCompleted: false)])
    let json = String(
      decoding: try JSONEncoder().encode(Root.State(screen: .todo, todo: todo)), as: UTF8.self)
    #expect(json.components(separatedBy: "only-once").count == 2)
  }
}
