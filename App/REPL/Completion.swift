/// What Tab offers: command names first, then the values a command's argument may take.
enum Completion<Host: ShellHost> {
  /// The words that may end `before` (the text before the cursor), in the app's state `state`.
  static func candidates(_ before: String, in state: Host.State, _ globals: GlobalCommands<Host>)
    -> [String]
  {
    let words = before.split(whereSeparator: \.isWhitespace).map(String.init)
    let startsWord = before.last?.isWhitespace ?? true
    let position = startsWord ? words.count : words.count - 1
    let word = startsWord ? "" : words[words.count - 1]
    let screen = Screen<Host>.shown(in: state)
    let values: [String]
    switch position {
    case 0: values = (screen?.commands.map(\.name) ?? []) + globals.names
    case 1: values = argumentValues(of: words[0], on: screen, state, globals)
    default: values = []
    }
    return Set(values).filter { $0.hasPrefix(word) }.sorted()
  }

  /// The values of the first argument of `command`, as its syntax gives them: help topics,
  /// the words of a choice (`on`/`off`, screens, sorts), or item numbers (`N`).
  private static func argumentValues(
    of command: String, on screen: Screen<Host>?, _ state: Host.State,
    _ globals: GlobalCommands<Host>
  ) -> [String] {
    var values = globals.named(command)?.argumentValues() ?? []
    // NOTE: the screen's command too: on the github screen, `open ` offers results and screens.
    switch screen?.command(named: command)?.syntax.values {
    case let .words(words)?: values += words
    case .items?:
      let count = screen?.itemCount(state) ?? 0
      values += count > 0 ? (1...count).map(String.init) : []
    case .none?, nil: break
    }
    return values
  }
}

extension Engine {
  /// Tab completion for the line editor: the words that may end the text before the cursor, on
  /// the screen shown now. Safe to call from any thread.
  public var completion: @Sendable (String) -> [String] {
    let (published, globals) = (self.published, self.globals)
    return { before in
      Completion.candidates(before, in: published.withLock { $0 }, globals)
    }
  }
}
