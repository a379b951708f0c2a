import Actomaton
import AppRoot
import FeatureSupport

/// A screen over one feature: where its state and actions sit in the app's, its commands, and
/// how its state is shown. The engine uses it erased, as a `Screen`; `Screen.all` registers it.
struct FeatureScreen<State: Sendable, Action: Sendable>: Sendable {
  let name: String
  let title: String
  let summary: String
  let place: Place
  let action: CasePath<Root.Action, Action>
  let commands: [Command<State, Action>]
  /// The lines shown after each command.
  let render: @Sendable (State) -> Rendered
  /// A notice for a change that an effect made, or `nil` to stay quiet (ticks).
  var notice: @Sendable (Action, State) -> String? = { _, _ in nil }
  /// What changed outside that the state holds until the next change: shown once.
  var news: @Sendable (State) -> String? = { _ in nil }
  /// What Ctrl-C sends to stop the work in flight and leave the screen consistent, or `nil`
  /// when there is nothing to stop.
  var interrupt: @Sendable (State) -> Action? = { _ in nil }
  /// What tells the feature that the work its state waits on is gone (`undo` or `redo` put the
  /// state back, but not the request it was waiting for), or `nil` when it waits on nothing.
  var abandon: @Sendable (State) -> Action? = { _ in nil }
  /// What is sent before the screen is shown after a command, to take in outside changes.
  var reload: @Sendable (State) -> Action? = { _ in nil }
  /// How many numbered items the screen shows, for completing `N`.
  var itemCount: @Sendable (State) -> Int = { _ in 0 }
  /// The question pending in the state, and the action that answers it.
  var confirmation: Asking? = nil
  /// How the feature's environment is made, live and in a replay or a test.
  var environment: ScreenEnvironment? = nil

  /// Where the feature's state sits in the app's.
  struct Place: Sendable {
    let initial: Root.State.Screen
    let shows: @Sendable (Root.State.Screen) -> Bool
    let state: @Sendable (Root.State) -> State?

    /// The payload of the screen's case, `initial` when the screen opens.
    static func screen(_ path: CasePath<Root.State.Screen, State>, initial: State) -> Place {
      Place(
        initial: path.embed(initial), shows: { path.extract(from: $0) != nil },
        state: { $0.screen.flatMap(path.extract) })
    }

    /// A part of the app's state kept for the whole session, shown while the screen is the
    /// payload-less case `path`.
    static func session(
      _ path: CasePath<Root.State.Screen, Void>, _ part: @escaping @Sendable (Root.State) -> State
    ) -> Place {
      Place(
        initial: path.embed(()), shows: { path.extract(from: $0) != nil },
        state: { state in state.screen.flatMap(path.extract).map { part(state) } })
    }
  }

  /// Where a feature keeps its pending question, and how it is answered.
  struct Asking: Sendable {
    let question: @Sendable (State) -> String?
    let answer: @Sendable (Answer) -> Action
  }

  /// The screen as the engine uses it: every closure extracts the feature's part once.
  var erased: Screen {
    let state = place.state
    let action = self.action
    let (render, notice, news, interrupt, abandon, reload, itemCount) = (
      render, notice, news, interrupt, abandon, reload, itemCount
    )
    let confirmation = self.confirmation
    return Screen(
      name: name, title: title, summary: summary, initial: place.initial, shows: place.shows,
      commands: commands.map { $0.erased(state: state, action: action) },
      featureState: { state($0) },
      render: { root in
        state(root).map { screen in
          var rendered = render(screen)
          rendered.news = news(screen)
          rendered.question = confirmation?.question(screen)
          return rendered
        }
      },
      notice: { root, current in
        guard let feature = action.extract(from: root), let screen = state(current)
        else { return nil }
        return notice(feature, screen)
      },
      news: { state($0).flatMap(news) },
      interrupt: { state($0).flatMap(interrupt).map(action.embed) },
      abandon: { state($0).flatMap(abandon).map(action.embed) },
      reload: { state($0).flatMap(reload).map(action.embed) },
      itemCount: { state($0).map(itemCount) ?? 0 },
      question: { root in
        guard let confirmation, let screen = state(root) else { return nil }
        return confirmation.question(screen)
      },
      answer: { answer in confirmation.map { action.embed($0.answer(answer)) } },
      environment: environment)
  }
}
