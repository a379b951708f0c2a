import ClientSupport

/// A command that works on every screen, declared once: its names, its help, the words Tab
/// offers for its argument, what it shows from the state alone (which a replay prints again)
/// and what it does.
// NOTE: a class, looked up by name on every line: a copy is one retain.
@usableFromInline final class GlobalCommand<Host: ShellHost>: Sendable {
  /// The names it answers to; the first is the one `help` lists.
  let names: [String]
  let usage: String
  let summary: String
  let example: String
  /// The words Tab offers for its first argument.
  let argumentValues: @Sendable () -> [String]
  /// What the line prints from the state alone, when it only shows something; `nil` when it
  /// does more (or is refused), and a replay does not print it again.
  @usableFromInline let view: @Sendable (Arguments, Host.State) -> Rendered?
  /// Whether it ends the session (when given no argument).
  @usableFromInline let quits: Bool
  /// What it does; `nil` for one that prints its view (given no argument), or quits.
  @usableFromInline let run: (@Sendable (Engine<Host>, Arguments) async -> Void)?

  init(
    names: [String], usage: String, summary: String, example: String,
    argumentValues: @escaping @Sendable () -> [String] = { [] },
    view: @escaping @Sendable (Arguments, Host.State) -> Rendered? = { _, _ in nil },
    quits: Bool = false, run: (@Sendable (Engine<Host>, Arguments) async -> Void)? = nil
  ) {
    (self.names, self.usage, self.summary, self.example) = (names, usage, summary, example)
    (self.argumentValues, self.view, self.quits, self.run) = (argumentValues, view, quits, run)
  }

  var name: String { names[0] }

  /// ` (on the todo screen: show the whole list)`: where a screen's own `list` runs instead.
  static var listedElsewhere: String {
    Host.screens.compactMap { screen in
      screen.command(named: "list").map { " (on the \(screen.name) screen: \($0.summary))" }
    }.joined()
  }
}

/// The global commands, made once for an engine or a replay: what a line asks for is resolved
/// against them.
@usableFromInline struct GlobalCommands<Host: ShellHost>: Sendable {
  /// Every global command, in the order `help` lists them.
  let all: [GlobalCommand<Host>] = GlobalCommand.all
  /// Every name the person may type, screens' included, for suggestions and completion.
  @usableFromInline let names: [String]
  @usableFromInline let byName: [String: GlobalCommand<Host>]

  init() {
    names = all.flatMap(\.names).filter { $0 != "?" } + Host.screens.map(\.name)
    byName = Dictionary(uniqueKeysWithValues: all.flatMap { c in c.names.map { ($0, c) } })
  }

  @inlinable func named(_ name: String) -> GlobalCommand<Host>? { byName[name] }
}

extension GlobalCommand {
  static var all: [GlobalCommand] {
    [
      GlobalCommand(
        names: ["help", "?"], usage: "help [COMMAND]", summary: "list the commands, or explain one",
        example: "help \(Host.screens.first?.commands.first?.name ?? "undo")",
        argumentValues: {
          GlobalCommands<Host>().names + Host.screens.flatMap { $0.commands.map(\.name) }
        },
        view: { arguments, state in
          guard arguments.words.count <= 1 else { return nil }
          return Views<Host>.help(arguments.words.first, on: Screen<Host>.shown(in: state)).map {
            Rendered($0)
          }
        },
        run: { $0.help($1) }),
      GlobalCommand(
        names: ["list"], usage: "list", summary: "list the screens" + Self.listedElsewhere,
        example: "list",
        view: { arguments, _ in arguments.words.isEmpty ? Rendered(Views<Host>.screenList) : nil }),
      GlobalCommand(
        names: ["open"], usage: "[open] SCREEN", summary: "open a screen: \(Screen<Host>.names)",
        example: "open \(Host.screens.last?.name ?? "SCREEN")",
        argumentValues: { Screen<Host>.words },
        run: { await $0.open($1) }),
      GlobalCommand(
        names: ["home", "back"], usage: "home | back",
        summary: "leave the screen for the home screen", example: "home",
        run: { await $0.home($1) }),
      GlobalCommand(
        names: ["state"], usage: "state", summary: "print the screen's whole state",
        example: "state",
        view: { arguments, state in
          arguments.words.isEmpty ? Rendered(Views<Host>.stateLines(state)) : nil
        }),
      GlobalCommand(
        names: ["debug"], usage: "debug \(Switch.usage)",
        summary: "log every action and the state fields it changed", example: "debug on",
        argumentValues: { Switch.words },
        run: { $0.debug($1) }),
      GlobalCommand(
        names: ["wait"], usage: "wait [SECONDS]",
        summary: "wait for the screen's effects (at most SECONDS)", example: "wait 2",
        run: { await $0.wait($1) }),
      GlobalCommand(
        names: ["undo"], usage: "undo [N]",
        summary: "go back to before the N-th last command that changed something (N ≤ "
          + "\(SessionRecording<Host>.undoLimit))", example: "undo",
        run: { await $0.undo($1) }),
      GlobalCommand(
        names: ["redo"], usage: "redo",
        summary: "go forward again after undo (until a new command)", example: "redo",
        run: { await $0.redo($1) }),
      GlobalCommand(
        names: ["history"], usage: "history",
        summary: "the session's last \(SessionRecording<Host>.historyShown) commands, each "
          + "with the actions it caused", example: "history",
        run: { $0.history($1) }),
      GlobalCommand(
        names: ["report"], usage: "report",
        summary: "write the last 1,000 actions to a file to replay or attach to a bug",
        example: "report",
        run: { $0.report($1) }),
      GlobalCommand(
        names: ["quit", "exit"], usage: "quit | exit",
        summary: (Host.saved == nil ? "leave" : "save and leave") + " (end of input does the same)",
        example: "quit", quits: true),
    ]
  }
}

/// What a line asks for, decided in one place for the prompt and for a replay.
@usableFromInline enum Resolved<Host: ShellHost> {
  case nothing
  /// A command of the screen shown.
  case screen(ScreenCommand<Host>, Arguments)
  case global(GlobalCommand<Host>, name: String, Arguments)
  /// A screen's name typed alone (with what followed it, which it refuses).
  case show(Screen<Host>, Arguments)
  case unknown(name: String)
}

extension GlobalCommands {
  /// What `line` asks for on `screen`, in the order a line runs: `open SCREEN` (the github
  /// screen's `open N` opens result N, but `open SCREEN` opens a screen there too; no screen's
  /// name is a number), the screen's own command, then the global commands and screen names.
  @inlinable func resolve(_ line: String, on screen: Screen<Host>?) -> Resolved<Host> {
    let trimmed = line.trimmingWhitespace()
    let name = String(trimmed.prefix { !$0.isWhitespace })
    guard !name.isEmpty else { return .nothing }
    let arguments = Arguments(String(trimmed.dropFirst(name.count)))
    if name == "open", let first = arguments.words.first, Screen<Host>.named(first) != nil,
      let open = named(name)
    {
      return .global(open, name: name, arguments)
    }
    if let command = screen?.command(named: name) { return .screen(command, arguments) }
    if let global = named(name) { return .global(global, name: name, arguments) }
    if let shown = Screen<Host>.named(name) { return .show(shown, arguments) }
    return .unknown(name: name)
  }
}
