import ActomatonTesting
import AppRoot
import GitHubClient
import GitHubSearchFeature
import Testing
import TodoFeature

@testable import ActomatonREPL
@testable import GalleryApp

/// Screens are typed over their feature: a render says what is a problem, not its text.
@Suite struct TypedScreenTests {
  static let bang = Repository(
    id: 7, fullName: "! owner/looks-like-an-error", owner: "! owner", description: "! also",
    language: nil, stars: 1, forks: 0, license: nil, htmlURL: "https://example.com",
    updatedAt: "2026-01-01T00:00:00Z")

  @Test func eachScreenShowsOnlyItsOwnFeaturesState() {
    for screen in Screen.all {
      for other in Screen.all where other.name != screen.name {
        let state = Root.State(screen: other.initial)
        #expect(screen.render(state) == nil, "\(screen.name) on \(other.name)")
        #expect(screen.question(state) == nil)
        #expect(screen.itemCount(state) == 0)
      }
    }
  }

  @Test func aLineFromOutsideThatStartsWithABangIsNoProblem() {
    var state = GitHubSearch.State()
    state.selected = Self.bang
    let rendered = Gallery.gitHubSearch.render(Root.State(screen: .gitHubSearch(state)))
    #expect(rendered?.lines.first == "! owner/looks-like-an-error")
    #expect(rendered?.problem == nil)
  }

  @Test func theStrictCountComesFromTheProblemNotTheText() async {
    let clock = TestClock()
    var environment = Harness.environment(clock: clock)
    let page = SearchPage(query: SearchQuery(text: "x"), items: [Self.bang], totalCount: 1)
    environment.gitHubSearch.client = .mock(page)
    let console = BufferConsole()
    let engine = Harness.engine(environment, clock: clock, console: console)
    for line in ["github", "search x", "wait 2", "open 9"] { await engine.execute(line) }
    #expect(engine.failures == 1, "a refusal counts")
    await engine.execute("open 1")
    #expect(console.text.contains("\n! owner/looks-like-an-error\n  ! also\n"))
    #expect(engine.failures == 1, "a repository's name is no failure")
    await engine.finish()
  }

  @Test func aTodoRefusalAndFailureAreOneProblemOfTwoLines() {
    var state = Todo.State()
    state.refusal = "refused"
    state.failure = .save(.diskFull(path: "/x", reason: "full"))
    let rendered = Gallery.todo.render(Root.State(screen: .todo, todo: state))
    #expect(rendered?.problem?.lines.count == 2)
    #expect(rendered?.problem?.lines.last == "! refused")
  }
}
