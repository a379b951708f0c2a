import FeatureSupport

/// A screen of the shell as the engine uses it: a `FeatureScreen` erased to the host's state and
/// actions. Each closure answers `nil` (or nothing) for a state of another screen.
// NOTE: a class: the engine looks a screen up on every action, and a copy is one retain, not
// one per closure.
public final class Screen<Host: ShellHost>: Sendable {
  /// The name the shell's commands, prompt, `--screen` and completion use.
  @usableFromInline let name: String
  /// The screen's name in prose, for `help SCREEN`.
  let title: String
  /// One line for the list of screens.
  let summary: String
  /// What opens the screen in its feature's first state.
  @usableFromInline let open: Host.Action
  /// Whether the host's state shows this screen.
  @usableFromInline let shows: @Sendable (Host.State) -> Bool
  @usableFromInline let commands: [ScreenCommand<Host>]
  /// The feature's state, for the `state` command.
  let featureState: @Sendable (Host.State) -> (any Sendable)?
  /// The lines shown after each command.
  @usableFromInline let render: @Sendable (Host.State) -> Rendered?
  /// A one-line notice for a change that an effect made, or `nil` to stay quiet (ticks).
  @usableFromInline let notice: @Sendable (Host.Action, Host.State) -> String?
  /// What changed outside, shown once: see ``Rendered/news``.
  @usableFromInline let news: @Sendable (Host.State) -> String?
  /// What Ctrl-C sends to stop the work in flight, or `nil` when there is nothing to stop.
  let interrupt: @Sendable (Host.State) -> Host.Action?
  /// What tells the screen that the request its restored state waits on is not running.
  let abandon: @Sendable (Host.State) -> Host.Action?
  /// What is sent after a command, before the screen is shown, to take in what changed outside
  /// the program (the todo list saved by another session), or `nil`.
  @usableFromInline let reload: @Sendable (Host.State) -> Host.Action?
  /// How many numbered items the screen shows.
  let itemCount: @Sendable (Host.State) -> Int
  /// The question pending on the screen: the next line answers it.
  @usableFromInline let question: @Sendable (Host.State) -> String?
  /// The action that answers the screen's question, when the screen asks any.
  @usableFromInline let answer: @Sendable (Answer) -> Host.Action?
  /// Whether an action is one of the feature's ticks, which the debug log and `history` only
  /// count.
  let isTick: @Sendable (Host.Action) -> Bool
  /// Whether its work in flight never ends by itself (a running stopwatch): the end of input
  /// does not wait for it.
  let worksEndlessly: @Sendable (Host.State) -> Bool
  /// The feature's environment, `nil` when it has none.
  let environment: ScreenEnvironment<Host>?

  @usableFromInline init(
    name: String, title: String, summary: String, open: Host.Action,
    shows: @escaping @Sendable (Host.State) -> Bool, commands: [ScreenCommand<Host>],
    featureState: @escaping @Sendable (Host.State) -> (any Sendable)?,
    render: @escaping @Sendable (Host.State) -> Rendered?,
    notice: @escaping @Sendable (Host.Action, Host.State) -> String?,
    news: @escaping @Sendable (Host.State) -> String?,
    interrupt: @escaping @Sendable (Host.State) -> Host.Action?,
    abandon: @escaping @Sendable (Host.State) -> Host.Action?,
    reload: @escaping @Sendable (Host.State) -> Host.Action?,
    itemCount: @escaping @Sendable (Host.State) -> Int,
    question: @escaping @Sendable (Host.State) -> String?,
    answer: @escaping @Sendable (Answer) -> Host.Action?,
    isTick: @escaping @Sendable (Host.Action) -> Bool,
    worksEndlessly: @escaping @Sendable (Host.State) -> Bool,
    environment: ScreenEnvironment<Host>?
  ) {
    (self.name, self.title, self.summary, self.open, self.shows) = (
      name, title, summary, open, shows
    )
    (self.commands, self.featureState, self.render, self.notice) = (
      commands, featureState, render, notice
    )
    (self.news, self.interrupt, self.abandon, self.reload) = (news, interrupt, abandon, reload)
    (self.itemCount, self.question, self.answer, self.isTick) = (
      itemCount, question, answer, isTick
    )
    (self.worksEndlessly, self.environment) = (worksEndlessly, environment)
  }

  @inlinable func command(named name: String) -> ScreenCommand<Host>? {
    commands.first { $0.name == name }
  }

  static var all: [Screen] { Host.screens }

  @inlinable static func named(_ name: String) -> Screen? {
    Host.screens.first { $0.name == name }
  }

  /// The screen `state` shows; `nil` on the home screen.
  @inlinable static func shown(in state: Host.State) -> Screen? {
    Host.screens.first { $0.shows(state) }
  }

  /// The names of every screen, for messages: `counter, stopwatch, login, todo, github`.
  static var names: String { Host.screens.map(\.name).joined(separator: ", ") }
}
