extension Engine {
  func help(_ arguments: Arguments) {
    guard arguments.words.count <= 1 else {
      return fail("Expected 'help' or 'help COMMAND', got 'help \(arguments.text.clipped())'.")
    }
    showHelp(arguments.words.first)
  }

  /// `open SCREEN`.
  func open(_ arguments: Arguments) async {
    do throws(CommandError) {
      await open(try arguments.choice(Screen<Host>.self, after: "open"), Arguments(""))
    } catch {
      // NOTE: `open N` off the screen that has it: say where it works.
      let owner = Host.screens.first { $0.command(named: "open") != nil }
      let elsewhere = owner.map { " ('open N' works on the \($0.name) screen.)" } ?? ""
      fail(error.message + (Int(arguments.words.first ?? "") == nil ? "" : elsewhere))
    }
  }

  func home(_ arguments: Arguments) async {
    guard expectNoArguments(arguments, "home") else { return }
    waiter.forgetInFlight()
    _ = await send(Host.leave)
    console.print(Views<Host>.screenList)
  }

  func debug(_ arguments: Arguments) {
    do throws(CommandError) {
      let value = try arguments.choice(Switch.self, after: "debug")
      debugLog.set(value == .on)
      console.print("debug log \(value.word)")
    } catch {
      fail(error.message)
    }
  }

  /// Opens `screen` (a screen's name typed alone, or `open SCREEN`).
  @inlinable func open(_ screen: Screen<Host>, _ arguments: Arguments) async {
    guard expectNoArguments(arguments, screen.name) else { return }
    if current?.name == screen.name {
      console.print("already on \(screen.name)")
      render(showsRefusal: false)
      return
    }
    waiter.forgetInFlight()
    if let task = await send(screen.open) {
      // NOTE: opening loads (the Todo file): show the screen once that is done, or after 5 s
      // as still loading; the load is then the screen's work in flight, which `wait` waits for.
      waiter.track(task)
      await waiter.wait(for: [task], atMost: .seconds(5))
      await refresh()
    }
    render()
  }

  @inlinable func expectNoArguments(_ arguments: Arguments, _ name: String) -> Bool {
    do throws(CommandError) {
      try arguments.expectNone(usage: name)
      return true
    } catch {
      fail(error.message)
      return false
    }
  }

  func wait(_ arguments: Arguments) async {
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
    // NOTE: Ctrl-C, SIGINT, SIGTERM and SIGHUP end a long wait: the loop handles them next.
    await waiter.wait(for: waiter.inFlight, atMost: limit, breakable: true)
    await refresh()
    if current == nil {
      console.print("home screen: nothing to wait for")
    } else {
      render(showsRefusal: false)
    }
  }

  func showHelp(_ name: String?) {
    guard let lines = Views<Host>.help(name, on: current) else {
      return fail(unknownCommandMessage(name ?? ""))
    }
    console.print(lines)
  }

  @inlinable func unknownCommandMessage(_ name: String) -> String {
    // NOTE: an answer with no question pending: a suggestion ('+' for 'y') would mislead.
    if ["y", "yes", "n", "no"].contains(name.lowercased()) {
      return "There is no question to answer now."
    }
    func owner(of command: String) -> Screen<Host>? {
      Host.screens.first { $0.command(named: command) != nil }
    }
    let here = current?.commands.map(\.name) ?? []
    if let suggestion = Suggestions.nearest(to: name, in: here + globals.names) {
      return "Unknown command '\(name.clipped())'. Did you mean '\(suggestion)'?"
    }
    if let owner = owner(of: name) {
      return "'\(name)' works on the \(owner.name) screen: open it with '\(owner.name)'."
    }
    let elsewhere = Host.screens.flatMap { $0.commands.map(\.name) }
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
