import AppRoot
import Testing

@testable import ActomatonREPL
@testable import CasePaths
@testable import GalleryApp

/// A screen is declared once, in `Screen.all`: opening it, `help`, completion, `--screen` and
/// the usage text all read that list.
@Suite struct ScreenRegistryTests {
  @Test func everyCaseOfTheRootsScreenIsRegistered() throws {
    // NOTE: read from the enum's runtime metadata, so a case added to `Root.State.Screen`
    // without a line in `Screen.all` fails here: each registered screen opens a case of its
    // own, and there are as many screens as cases.
    let layout = try #require(EnumLayout(of: Root.State.Screen.self))
    let tags = Screen.all.map { screen in
      withUnsafePointer(to: screen.initial) { layout.tag(at: UnsafeRawPointer($0)) }
    }
    #expect(Set(tags).count == Screen.all.count, "two screens open one case")
    #expect(Int(layout.payloadCaseCount + layout.emptyCaseCount) == Screen.all.count)
    for screen in Screen.all {
      #expect(
        Screen.all.filter { $0.shows(Root.State(screen: screen.initial)) }.map(\.name) == [
          screen.name
        ])
    }
  }

  @Test func aScreenOrOptionNameThatIsTakenOrNoWordIsRefused() {
    // NOTE: on the github screen 'open N' opens result N and 'open SCREEN' opens a screen: a
    // screen named by a number would make 'open' ambiguous.
    #expect(Gallery.declarationProblems().isEmpty)
    let problems = Gallery.declarationProblems(
      screens: Gallery.screens + [Gallery.counter],
      options: Gallery.options + [.init("--debug", help: ""), .init("offline", help: "")])
    #expect(
      problems.map { $0.prefix(24) } == [
        "the screen name 'counter", "the option '--debug' is ", "the option 'offline' is ",
      ])
  }

  @Test func theCommandLineAndItsHelpNameTheRegisteredScreens() throws {
    let names = Screen.all.map(\.name).joined(separator: ", ")
    #expect(Options.usage.contains("--screen NAME    open a screen at start (\(names))"))
    #expect(throws: OptionsError.self) { try Options.parse(["--screen", "nowhere"]) }
    for screen in Screen.all {
      #expect(try Options.parse(["--screen", screen.name]).screen == screen.name)
    }
  }

  @Test func openScreenOpensAScreenFromAnywhere() async {
    let transcript = await Harness().run(
      """
      open counter
      +
      open counter
      open
      open nowhere
      open 2
      open counter now
      """)
    let choices = Screen.all.map { "'open \($0.name)'" }
    let expected = choices.dropLast().joined(separator: ", ") + " or " + choices.last!
    #expect(
      transcript == """
        > open counter
        count: 0
        > +
        count: 1
        > open counter
        already on counter
        count: 1
        > open
        error: Expected \(expected), got 'open'.
        > open nowhere
        error: Expected \(expected), got 'open nowhere'.
        > open 2
        error: Expected \(expected), got 'open 2'. ('open N' works on the github screen.)
        > open counter now
        error: Expected \(expected), got 'open counter now'.

        """)
  }

  @Test func onTheGitHubScreenANumberOpensAResultAndANameAScreen() async {
    let harness = Harness()
    let before = await harness.run("github\nsearch actor\nwait 1", finish: false)
    let transcript = String(
      await harness.run("open 1\nopen x\nopen todo", finish: false).dropFirst(before.count))
    let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "> open 1")
    #expect(lines.dropFirst().first?.contains("/") == true, "a repository's full name")
    #expect(
      transcript.contains(
        "> open x\nerror: 'x' is not a whole number: expected 'open N'. Try 'help open'.\n"))
    #expect(transcript.hasSuffix("> open todo\n0 active, 0 completed\n  (no items)\n"))
    #expect(harness.engine.current?.name == "todo")
    await harness.engine.finish()
  }

  @Test func onTheLoginScreenHelpLoginExplainsTheCommandNotTheScreen() async {
    let transcript = await Harness().run("help login\nlogin\nhelp login")
    #expect(transcript.hasPrefix("> help login\nLogin: the login flow as a state diagram\n"))
    #expect(
      transcript.hasSuffix(
        "> help login\nusage: login [USER]\n  log in (as 'guest' when no user is given)\n"
          + "example: login ann\n"))
  }

  @Test func tabAfterOpenOffersTheRegisteredScreens() {
    let complete = Harness(interactive: true).engine.completion
    #expect(complete("open ") == Screen.all.map(\.name).sorted())
    #expect(complete("op") == ["open"])
  }

  @Test func helpOnAScreenSaysWhatItIsAndListsItsCommands() async {
    let transcript = await Harness().run("help counter")
    #expect(
      transcript == """
        > help counter
        Counter: a counter: + and -, reset, set
        open it with 'counter' or 'open counter'
        counter commands:
          +                     add one
          -                     subtract one
          reset                 back to zero
          set N                 set the count to N

        """)
  }
}

/// An enumerated argument is one `ArgumentChoice` type: its parse, its usage and its completion.
@Suite struct ArgumentChoiceTests {
  @Test func aChoiceCommandsUsageCompletionAndParseComeFromItsType() throws {
    let filter = try #require(Gallery.todo.command(named: "filter"))
    #expect(filter.usage == "filter all|active|completed")
    guard case let .words(words) = filter.syntax.values else {
      Issue.record("filter completes no words")
      return
    }
    #expect(words == ["all", "active", "completed"])
    for word in words {
      guard case .send(.todo(.setFilter(let value))) = try filter.parse(Arguments(word)) else {
        Issue.record("'filter \(word)' sends no filter")
        continue
      }
      #expect(value.word == word)
    }
    #expect(
      throws: CommandError(
        "Expected 'filter all', 'filter active' or 'filter completed', got 'filter done'.")
    ) { try filter.parse(Arguments("done")) }
  }

  @Test func theSortAndDebugSwitchListTheirTypesValues() throws {
    let sort = try #require(Gallery.gitHubSearch.command(named: "sort"))
    #expect(sort.usage == "sort best-match|stars|updated")
    #expect(GlobalCommands().named("debug")?.usage == "debug on|off")
    #expect(
      throws: CommandError("Expected 'debug on' or 'debug off', got 'debug maybe'.")
    ) { try Arguments("maybe").choice(Switch.self, after: "debug") }
  }
}
