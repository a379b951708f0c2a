import AppRoot

/// The commands that work on every screen.
enum GlobalCommand {
  /// `open SCREEN`; `show` is a screen's name typed alone, which does the same.
  case help, list, open, show(Screen), home, state, debug, wait, undo, redo, history, report, quit

  /// The commands in the order `help` lists them (opening a screen once, for all screens).
  static let listed: [GlobalCommand] = [
    .help, .list, .open, .home, .state, .debug, .wait, .undo, .redo, .history, .report, .quit,
  ]

  static func named(_ name: String) -> GlobalCommand? {
    if let screen = Screen.named(name) { return .show(screen) }
    switch name {
    case "open": return .open
    case "help", "?": return .help
    case "list": return .list
    case "home", "back": return .home
    case "state": return .state
    case "debug": return .debug
    case "wait": return .wait
    case "undo": return .undo
    case "redo": return .redo
    case "history": return .history
    case "report": return .report
    case "quit", "exit": return .quit
    default: return nil
    }
  }

  /// The global command that runs instead of the screen's command of the same name: the github
  /// screen's `open N` opens result N, but `open SCREEN` opens a screen there too. No screen's
  /// name is a number, so the first word decides: a screen's name opens that screen; anything
  /// else (a number, a typo, nothing) is left to the screen's own `open`.
  static func overriding(_ name: String, _ arguments: Arguments) -> GlobalCommand? {
    guard name == "open", let first = arguments.words.first, Screen.named(first) != nil else {
      return nil
    }
    return .open
  }

  /// Usage, summary and example, as `help` shows them.
  var help: (usage: String, summary: String, example: String) {
    switch self {
    case .help: ("help [COMMAND]", "list the commands, or explain one", "help toggle")
    case .list: ("list", "list the screens (on the todo screen: the todo list)", "list")
    case .open, .show: ("[open] SCREEN", "open a screen: \(Screen.names)", "open todo")
    case .home: ("home | back", "leave the screen for the home screen", "home")
    case .state: ("state", "print the screen's whole state", "state")
    case .debug:
      ("debug \(Switch.usage)", "log every action and the state fields it changed", "debug on")
    case .wait: ("wait [SECONDS]", "wait for the screen's effects (at most SECONDS)", "wait 2")
    case .undo:
      (
        "undo [N]",
        "go back to before the N-th last command that changed something (N ≤ "
          + "\(SessionRecording.undoLimit))", "undo"
      )
    case .redo: ("redo", "go forward again after undo (until a new command)", "redo")
    case .history:
      (
        "history",
        "the session's last \(SessionRecording.historyShown) commands, each with the actions "
          + "it caused", "history"
      )
    case .report:
      ("report", "write the last 1,000 actions to a file to replay or attach to a bug", "report")
    case .quit: ("quit | exit", "save and leave (end of input does the same)", "quit")
    }
  }

  /// Every name the user may type, for suggestions.
  static let names =
    [
      "help", "list", "open", "home", "back", "state", "debug", "wait", "undo", "redo",
      "history", "report", "quit", "exit",
    ]
    + Screen.all.map(\.name)
}

extension Engine {
  func run(_ command: GlobalCommand, named name: String, _ arguments: Arguments) async -> Bool {
    switch command {
    case .help:
      guard arguments.words.count <= 1 else {
        fail("Expected 'help' or 'help COMMAND', got 'help \(arguments.text.clipped())'.")
        return true
      }
      showHelp(arguments.words.first)
    case .list:
      guard expectNoArguments(arguments, "list") else { return true }
      console.print(Views.screenList)
    case .open:
      do throws(CommandError) {
        await open(try arguments.choice(Screen.self, after: "open"), Arguments(""))
      } catch {
        // NOTE: `open N` off the screen that has it: say where it works.
        let owner = Screen.all.first { $0.command(named: "open") != nil }
        let elsewhere = owner.map { " ('open N' works on the \($0.name) screen.)" } ?? ""
        fail(error.message + (Int(arguments.words.first ?? "") == nil ? "" : elsewhere))
      }
    case let .show(screen):
      await open(screen, arguments)
    case .home:
      guard expectNoArguments(arguments, "home") else { return true }
      inFlight.removeAll()
      _ = await send(.changeCurrent(nil))
      console.print(Views.screenList)
    case .state:
      guard expectNoArguments(arguments, "state") else { return true }
      console.print(Views.stateLines(state))
    case .debug:
      do throws(CommandError) {
        let value = try arguments.choice(Switch.self, after: "debug")
        debugLog.set(value == .on)
        console.print("debug log \(value.word)")
      } catch {
        fail(error.message)
      }
    case .wait:
      await wait(arguments)
    case .undo: await undo(arguments)
    case .redo: await redo(arguments)
    case .history: history(arguments)
    case .report: report(arguments)
    case .quit:
      return !expectNoArguments(arguments, name)
    }
    return true
  }

  private func open(_ screen: Screen, _ arguments: Arguments) async {
    guard expectNoArguments(arguments, screen.name) else { return }
    if current.map(screen.shows) == true {
      console.print("already on \(screen.name)")
      render(showsRefusal: false)
      return
    }
    inFlight.removeAll()
    if let task = await send(.changeCurrent(screen.initial)) {
      // NOTE: opening loads (the Todo file): show the screen once that is done, or after 5 s
      // as still loading; the load is then the screen's work in flight, which `wait` waits for.
      inFlight.add(task)
      await waiter.wait([task], .seconds(5))
      await refresh()
    }
    render()
  }

  func expectNoArguments(_ arguments: Arguments, _ name: String) -> Bool {
    do throws(CommandError) {
      try arguments.expectNone(usage: name)
      return true
    } catch {
      fail(error.message)
      return false
    }
  }

  private func wait(_ arguments: Arguments) async {
    var limit = Duration.seconds(10)
    if let word = arguments.words.first {
      guard arguments.words.count == 1, let seconds = Double(word), seconds >= 0, seconds <= 3600
      else {
        fail(
          "Expected 'wait' or 'wait SECONDS' with 0 to 3600 seconds, got 'wait \(arguments.text.clipped())'."
        )
        return
      }
      limit = .milliseconds(Int64(seconds * 1000))
    }
    let (waiter, tasks, wanted) = (self.waiter, inFlight.tasks, limit)
    // NOTE: Ctrl-C, SIGINT, SIGTERM and SIGHUP end a long wait: the loop handles them next.
    if waiter.isInterruptible {
      await breaker.run(executor: executor) { await waiter.wait(tasks, wanted) }
    } else {
      await waiter.wait(tasks, wanted)
    }
    await refresh()
    if current == nil {
      console.print("home screen: nothing to wait for")
    } else {
      render(showsRefusal: false)
    }
  }

  func showHelp(_ name: String?) {
    guard let lines = Views.help(name, on: current.map(Screen.of)) else {
      return fail(unknownCommandMessage(name ?? ""))
    }
    console.print(lines)
  }

  func unknownCommandMessage(_ name: String) -> String {
    // NOTE: an answer with no question pending: a suggestion ('+' for 'y') would mislead.
    if ["y", "yes", "n", "no"].contains(name.lowercased()) {
      return "There is no question to answer now."
    }
    func owner(of command: String) -> Screen? {
      Screen.all.first { $0.command(named: command) != nil }
    }
    let here = current.map { Screen.of($0).commands.map(\.name) } ?? []
    if let suggestion = Suggestions.nearest(to: name, in: here + GlobalCommand.names) {
      return "Unknown command '\(name.clipped())'. Did you mean '\(suggestion)'?"
    }
    if let owner = owner(of: name) {
      return "'\(name)' works on the \(owner.name) screen: open it with '\(owner.name)'."
    }
    let elsewhere = Screen.all.flatMap { $0.commands.map(\.name) }
    if let suggestion = Suggestions.nearest(to: name, in: elsewhere),
      let owner = owner(of: suggestion)
    {
      return "Unknown command '\(name.clipped())'. Did you mean '\(suggestion)' "
        + "(on the \(owner.name) screen)?"
    }
    return "Unknown command '\(name.clipped())'. Type 'help' for the list."
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
