import Testing

@testable import ActomatonREPL
@testable import GalleryApp

@Suite struct CompletionTests {
  @Test func commandNamesOnTheHomeScreen() async {
    let harness = Harness(interactive: true)
    let complete = harness.engine.completion
    let screens = Screen.all.map(\.name)
    #expect(complete("co") == screens.filter { $0.hasPrefix("co") })
    #expect(complete("s") == (["state"] + screens.filter { $0.hasPrefix("s") }).sorted())
    #expect(complete("  q") == ["quit"])
    #expect(complete("toggle") == [], "a screen's command only on its screen")
  }

  @Test func theScreensCommandsItemNumbersAndChoices() async {
    let harness = Harness(interactive: true)
    _ = await harness.run("todo\nadd a\nadd b\nadd c", finish: false)
    let complete = harness.engine.completion
    #expect(complete("tog") == ["toggle"])
    #expect(complete("toggle ") == ["1", "2", "3"])
    #expect(complete("edit 2") == ["2"])
    #expect(complete("filter ") == ["active", "all", "completed"])
    #expect(complete("filter a") == ["active", "all"])
    #expect(complete("add ") == [], "free text")
    #expect(complete("edit 2 ") == [], "only the first argument")
    _ = await harness.run("toggle 1\nfilter active", finish: false)
    #expect(complete("delete ") == ["1", "2"], "the items shown")
  }

  @Test func helpTopicsAndDebug() async {
    let complete = Harness(interactive: true).engine.completion
    #expect(complete("help tog") == ["toggle"])
    #expect(complete("help gi") == ["github"])
    #expect(complete("help ").contains("force-logout"))
    #expect(complete("debug ") == ["off", "on"])
  }

  @Test func searchResultsThatArrivedAreNumbered() async {
    let harness = Harness(interactive: true)
    _ = await harness.run("github\nsearch actor\nwait 1", finish: false)
    let complete = harness.engine.completion
    // NOTE: `open SCREEN` is global, so the github screen's `open ` offers screens too.
    #expect(complete("open ") == (["1"] + Screen.all.map(\.name)).sorted())
    #expect(complete("open l") == ["login"])
    #expect(complete("sort s") == ["stars"])
  }
}
