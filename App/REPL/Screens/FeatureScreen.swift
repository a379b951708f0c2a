import Actomaton
import FeatureSupport

/// A screen over one feature: where its state and actions sit in the host's, its commands, and
/// how its state is shown. The engine uses it erased (``erased``), as the host's
/// ``ShellHost/screens`` list it.
public struct FeatureScreen<Host: ShellHost, State: Sendable, Action: Sendable>: Sendable {
  public let name: String
  public let title: String
  public let summary: String
  public let place: Place
  public let action: CasePath<Host.Action, Action>
  public let commands: [Command<State, Action>]
  /// The lines shown after each command.
  public let render: @Sendable (State) -> Rendered
  /// A notice for a change that an effect made, or `nil` to stay quiet (ticks).
  public let notice: @Sendable (Action, State) -> String?
  /// What changed outside that the state holds until the next change: shown once.
  public let news: @Sendable (State) -> String?
  /// What Ctrl-C sends to stop the work in flight and leave the screen consistent, or `nil`
  /// when there is nothing to stop.
  public let interrupt: @Sendable (State) -> Action?
  /// What tells the feature that the work its state waits on is gone (`undo` or `redo` put the
  /// state back, but not the request it was waiting for), or `nil` when it waits on nothing.
  public let abandon: @Sendable (State) -> Action?
  /// What is sent before the screen is shown after a command, to take in outside changes.
  public let reload: @Sendable (State) -> Action?
  /// How many numbered items the screen shows, for completing `N`.
  public let itemCount: @Sendable (State) -> Int
  /// The question pending in the state, and the action that answers it.
  public let confirmation: Asking?
  /// Whether an action is a tick, which the debug log and `history` only count.
  public let isTick: @Sendable (Action) -> Bool
  /// Whether, in this state, its work in flight never ends by itself (a running timer): the
  /// end of input does not wait for it (leaving the screen ends it).
  public let worksEndlessly: @Sendable (State) -> Bool
  /// How the feature's environment is made, live and in a replay or a test.
  public let environment: ScreenEnvironment<Host>?

  public init(
    name: String, title: String, summary: String, place: Place,
    action: CasePath<Host.Action, Action>, commands: [Command<State, Action>],
    render: @escaping @Sendable (State) -> Rendered,
    notice: @escaping @Sendable (Action, State) -> String? = { _, _ in nil },
    news: @escaping @Sendable (State) -> String? = { _ in nil },
    interrupt: @escaping @Sendable (State) -> Action? = { _ in nil },
    abandon: @escaping @Sendable (State) -> Action? = { _ in nil },
    reload: @escaping @Sendable (State) -> Action? = { _ in nil },
    itemCount: @escaping @Sendable (State) -> Int = { _ in 0 }, confirmation: Asking? = nil,
    isTick: @escaping @Sendable (Action) -> Bool = { _ in false },
    worksEndlessly: @escaping @Sendable (State) -> Bool = { _ in false },
    environment: ScreenEnvironment<Host>? = nil
  ) {
    (self.name, self.title, self.summary, self.place) = (name, title, summary, place)
    (self.action, self.commands, self.render, self.notice) = (action, commands, render, notice)
    (self.news, self.interrupt, self.abandon, self.reload) = (news, interrupt, abandon, reload)
    (self.itemCount, self.confirmation, self.isTick) = (itemCount, confirmation, isTick)
    (self.worksEndlessly, self.environment) = (worksEndlessly, environment)
  }

  /// Where the feature's state sits in the host's.
  public struct Place: Sendable {
    @usableFromInline let open: Host.Action
    @usableFromInline let shows: @Sendable (Host.State) -> Bool
    @usableFromInline let state: @Sendable (Host.State) -> State?

    /// - Parameters:
    ///   - open: The action that opens the screen.
    ///   - shows: Whether the host's state shows the screen.
    ///   - state: The feature's state while the screen is shown.
    public init(
      open: Host.Action, shows: @escaping @Sendable (Host.State) -> Bool,
      state: @escaping @Sendable (Host.State) -> State?
    ) {
      (self.open, self.shows, self.state) = (open, shows, state)
    }
  }

  /// Where a feature keeps its pending question, and how it is answered.
  public struct Asking: Sendable {
    @usableFromInline let question: @Sendable (State) -> String?
    @usableFromInline let answer: @Sendable (Answer) -> Action

    public init(
      question: @escaping @Sendable (State) -> String?,
      answer: @escaping @Sendable (Answer) -> Action
    ) {
      (self.question, self.answer) = (question, answer)
    }
  }

  /// The screen as the engine uses it: every closure extracts the feature's part once.
  // NOTE: inlinable, so that the host's module compiles the closures for its types (`Engine`).
  @inlinable public var erased: Screen<Host> {
    let state = place.state
    let action = self.action
    let (render, notice, news, interrupt, abandon, reload, itemCount, isTick, endless) = (
      render, notice, news, interrupt, abandon, reload, itemCount, isTick, worksEndlessly
    )
    let confirmation = self.confirmation
    return Screen(
      name: name, title: title, summary: summary, open: place.open, shows: place.shows,
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
      isTick: { action.extract(from: $0).map(isTick) ?? false },
      worksEndlessly: { state($0).map(endless) ?? false }, environment: environment)
  }
}
