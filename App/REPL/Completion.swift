import AppRoot

/// What Tab offers: command names first, then the values a command's argument may take.
enum Completion {
  /// The words that may end `before` (the text before the cursor), on the screen `current`.
  static func candidates(_ before: String, on current: Root.State.Current?) -> [String] {
    let words = before.split(whereSeparator: \.isWhitespace).map(String.init)
    let startsWord = before.last?.isWhitespace ?? true
    let position = startsWord ? words.count : words.count - 1
    let word = startsWord ? "" : words[words.count - 1]
    let screen = current.map(Screen.of)
    let values: [String]
    switch position {
    case 0: values = (screen?.commands.map(\.name) ?? []) + GlobalCommand.names
    case 1: values = argumentValues(of: words[0], on: screen, current)
    default: values = []
    }
    return Set(values).filter { $0.hasPrefix(word) }.sorted()
  }

  /// The values of the first argument of `command`: help topics, `on`/`off`, the choices a
  /// command's syntax lists (`stars|updated|best-match`), or item numbers (`N`).
  private static func argumentValues(
    of command: String, on screen: Screen?, _ current: Root.State.Current?
  ) -> [String] {
    switch command {
    case "help", "?":
      return GlobalCommand.names + Screen.all.flatMap { $0.commands.map(\.name) }
    case "debug":
      return ["on", "off"]
    default:
      guard let syntax = screen?.command(named: command)?.arguments else { return [] }
      let first = syntax.split(separator: " ").first.map(String.init) ?? ""
      if first.contains("|") { return first.split(separator: "|").map(String.init) }
      guard first == "N", let current, let screen else { return [] }
      let count = screen.itemCount(current)
      return count > 0 ? (1...count).map(String.init) : []
    }
  }
}

extension Engine {
  /// Tab completion for the line editor: the words that may end the text before the cursor, on
  /// the screen shown now. Safe to call from any thread.
  public var completion: @Sendable (String) -> [String] {
    let latest = self.latest
    return { before in Completion.candidates(before, on: latest.withLock { $0 }) }
  }
}
