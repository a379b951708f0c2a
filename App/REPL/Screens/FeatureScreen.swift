import Actomaton
import AppRoot
import FeatureSupport

/// A screen over one feature: where its state and actions sit in the app's, its commands, and
/// how its state is shown. The engine uses it erased, as a `Screen`.
struct FeatureScreen<State: Sendable, Action: Sendable>: Sendable {
  let name: String
  let summary: String
  let state: CasePath<Root.State.Current, State>
  let action: CasePath<Root.Action, Action>
  /// The feature's state when the screen opens.
  let initial: State
  let commands: [Command<State, Action>]
  /// The lines shown after each command.
  let render: @Sendable (State) -> Rendered
  /// A notice for a change that an effect made, or `nil` to stay quiet (ticks).
  var notice: @Sendable (Action, State) -> String? = { _, _ in nil }
  /// What Ctrl-C sends to stop the work in flight and leave the screen consistent, or `nil`
  /// when there is nothing to stop.
  var interrupt: @Sendable (State) -> Action? = { _ in nil }
  /// What is sent before the screen is shown after a command, to take in outside changes.
  var reload: @Sendable (State) -> Action? = { _ in nil }
  /// How many numbered items the screen shows, for completing `N`.
  var itemCount: @Sendable (State) -> Int = { _ in 0 }
  /// The question pending in the state, and the action that answers it.
  var confirmation: Asking? = nil

  /// Where a feature keeps its pending question, and how it is answered.
  struct Asking: Sendable {
    let question: @Sendable (State) -> String?
    let answer: @Sendable (Answer) -> Action
  }

  /// The screen as the engine uses it: every closure extracts the feature's part once.
  var erased: Screen {
    let state = self.state
    let action = self.action
    let (render, notice, interrupt, reload, itemCount) = (
      render, notice, interrupt, reload, itemCount
    )
    let confirmation = self.confirmation
    return Screen(
      name: name, summary: summary, initial: state.embed(initial),
      commands: commands.map { $0.erased(state: state, action: action) },
      render: { current in
        state.extract(from: current).map { screen in
          var rendered = render(screen)
          rendered.question = confirmation?.question(screen)
          return rendered
        }
      },
      notice: { root, current in
        guard let feature = action.extract(from: root), let screen = state.extract(from: current)
        else { return nil }
        return notice(feature, screen)
      },
      interrupt: { state.extract(from: $0).flatMap(interrupt).map(action.embed) },
      reload: { state.extract(from: $0).flatMap(reload).map(action.embed) },
      itemCount: { state.extract(from: $0).map(itemCount) ?? 0 },
      question: { current in
        guard let confirmation, let screen = state.extract(from: current) else { return nil }
        return confirmation.question(screen)
      },
      answer: { answer in confirmation.map { action.embed($0.answer(answer)) } })
  }
}
