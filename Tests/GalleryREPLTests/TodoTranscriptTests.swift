import Testing

@Suite struct TodoTranscriptTests {
  @Test func todoScript() async {
    let transcript = await Harness().run(
      """
      todo
      add buy milk
      add call mom
      add
      toggle 1
      filter active
      list
      toggle 1
      filter all
      up 2
      edit 1 buy oat milk
      down 9
      tgogle 1
      clear-completed
      y
      delete 1
      list
      quit
      """)
    #expect(
      transcript == """
        > todo
        0 active, 0 completed
          (no items)
        > add buy milk
        1 active, 0 completed
          1. [ ] buy milk
        > add call mom
        2 active, 0 completed
          1. [ ] buy milk
          2. [ ] call mom
        > add
        error: Missing TEXT: expected 'add TEXT'. Try 'help add'.
        > toggle 1
        1 active, 1 completed
          1. [x] buy milk
          2. [ ] call mom
        > filter active
        1 active, 1 completed (showing active)
          1. [ ] call mom
        > list
        1 active, 1 completed (showing active)
          1. [ ] call mom
        > toggle 1
        0 active, 2 completed (showing active)
          (no items)
        > filter all
        0 active, 2 completed
          1. [x] buy milk
          2. [x] call mom
        > up 2
        0 active, 2 completed
          1. [x] call mom
          2. [x] buy milk
        > edit 1 buy oat milk
        0 active, 2 completed
          1. [x] buy oat milk
          2. [x] buy milk
        > down 9
        0 active, 2 completed
          1. [x] buy oat milk
          2. [x] buy milk
        ! There is no item 9: the list shows 1 to 2.
        > tgogle 1
        error: Unknown command 'tgogle'. Did you mean 'toggle'?
        > clear-completed
        0 active, 2 completed
          1. [x] buy oat milk
          2. [x] buy milk
        Delete 2 completed item(s)? [y/N]
        > y
        0 active, 0 completed
          (no items)
        > delete 1
        0 active, 0 completed
          (no items)
        ! There is no item 1: the list is empty.
        > list
        0 active, 0 completed
          (no items)
        > quit

        """)
  }
}
