import Testing

@testable import ActomatonDebugging

@Suite struct StateDiffTests {
  struct Item: Equatable { var title: String; var done: Bool }
  enum Screen: Equatable { case list(page: Int), detail(Item), empty }
  struct State: Equatable {
    var count = 0
    var items: [Item] = []
    var tags: [String: Int] = [:]
    var screen = Screen.empty
    var selection: Int?
  }

  @Test func listsOnlyTheChangedFieldsWithTheirPaths() {
    let old = State(
      count: 1, items: [Item(title: "a", done: false), Item(title: "b", done: false)])
    var new = old
    new.count = 2
    new.items[1].done = true
    #expect(
      StateDiff(old: old, new: new).lines() == [
        "  .count: 1 → 2", "  .items[1].done: false → true",
      ])
  }

  @Test func reportsAddedAndRemovedElementsAndEntries() {
    let old = State(items: [Item(title: "a", done: false)], tags: ["x": 1])
    var new = old
    new.items = []
    new.tags["y"] = 2
    #expect(
      StateDiff(old: old, new: new).lines() == [
        "  − .items[0]: Item(title: \"a\", done: false)", "  + .tags[\"y\"]: 2",
      ])
  }

  @Test func comparesEnumCasesAndPayloads() {
    let old = State(screen: .list(page: 1))
    var samePayloadChanged = old
    samePayloadChanged.screen = .list(page: 2)
    #expect(StateDiff(old: old, new: samePayloadChanged).lines() == ["  .screen.list.page: 1 → 2"])
    var otherCase = old
    otherCase.screen = .empty
    #expect(StateDiff(old: old, new: otherCase).lines() == ["  .screen: list(page: 1) → empty"])
  }

  @Test func optionalsShowNilAndValues() {
    var new = State()
    new.selection = 3
    #expect(StateDiff(old: State(), new: new).lines() == ["  .selection: nil → 3"])
  }

  @Test func textThatLooksQualifiedIsShownAsItIs() {
    var new = State()
    new.items = [Item(title: "Swift.Array", done: false)]
    new.screen = .detail(Item(title: "\u{1B}[2JApp.Root \"Feature.X\"", done: true))
    #expect(
      StateDiff(old: State(), new: new).lines() == [
        #"  + .items[0]: Item(title: "Swift.Array", done: false)"#,
        #"  .screen: empty → detail(Item(title: "\u{1B}[2JApp.Root \"Feature.X\"", done: true))"#,
      ])
  }

  @Test func substringAndCharacterFieldsAreQuotedLikeStrings() {
    struct Text: Equatable {
      var rest: Substring = ""
      var initial: Character = "a"
    }
    let new = Text(rest: "Foundation.Date\u{7}", initial: "\u{1B}")
    #expect(
      StateDiff(old: Text(), new: new).lines() == [
        #"  .rest: "" → "Foundation.Date^G""#, #"  .initial: "a" → "^[""#,
      ])
  }

  @Test func equalValuesHaveNoDiff() {
    #expect(StateDiff(old: State(count: 3), new: State(count: 3)).isEmpty)
  }
}

@Suite struct DescriptionTests {
  @Test func qualifiedNamesAreShortened() {
    #expect(
      StateDiff.shortened(
        "show(Optional(App.Root.Current.counter(Feature.Counter.State(count: 1))))")
        == "show(Optional(.counter(State(count: 1))))")
    #expect(StateDiff.shortened("x: 0.5, name: \"a.b\"") == "x: 0.5, name: \"a.b\"")
    #expect(StateDiff.shortened("notebook.Notes.Action.add(a.b, x.Y.z)") == ".add(a.b, .z)")
  }

  @Test func quotedTextIsLeftAsItIsAndNamesAfterItAreShortened() {
    #expect(
      StateDiff.shortened(#"Feature.Item(title: "Swift.Array \"App.X\" \\", next: App.Root.done)"#)
        == #"Item(title: "Swift.Array \"App.X\" \\", next: .done)"#)
    #expect(StateDiff.shortened(#"note("unclosed Swift.Array)"#) == #"note("unclosed Swift.Array)"#)
  }
}
