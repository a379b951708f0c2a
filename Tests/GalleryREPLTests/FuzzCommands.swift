@testable import ActomatonREPL
@testable import GalleryApp

/// Which lines the engine must refuse, from its own tables of commands.
enum FuzzOracle {
  static func isCommand(_ name: String, on screen: String?) -> Bool {
    GlobalCommands().named(name) != nil || Screen.named(name) != nil
      || screen.flatMap(Screen.named)?.command(named: name) != nil
  }

  /// Whether `line` must get an error: it is too long, or its first word is no command here.
  static func mustRefuse(_ line: String, on screen: String?) -> Bool {
    if line.utf8.count > Engine.maxLineLength { return true }
    guard let name = line.split(whereSeparator: \.isWhitespace).first else { return false }
    return !isCommand(String(name), on: screen)
  }
}

extension FuzzGenerator {
  static let texts = [
    "buy milk", "call mom", "über straße", "日本語のメモ", "👍🏽 done", "tab\there", "x", "  padded  ",
    "a'quote\"", "\u{301}combining",
  ]
  static let queries = [
    "swift", "actor", "language:swift", "user:apple", "swift actor", "zzzz-nothing", "UI", "ß",
  ]
  static let users = ["ann", "bob", "guest", "two words", String(repeating: "x", count: 70), "ü"]
  /// What a person can type for a number at its extremes (issue #28: `open` trapped at Int.min).
  static let extremeNumbers = [
    "\(Int.min)", "\(Int.min + 1)", "-1", "0", "\(Int.max - 1)", "\(Int.max)",
  ]

  /// A position on the screen, now and then one at the extremes.
  mutating func somePosition(upTo last: Int) -> String {
    random.below(8) == 0 ? random.pick(Self.extremeNumbers) : "\(random.int(0...last + 1))"
  }

  /// A command of `screen` with plausible arguments (which the app may still refuse).
  mutating func command(on screen: String, _ context: FuzzContext) -> String {
    let position = somePosition(upTo: context.visibleTodoItems)
    switch screen {
    case "counter":
      let number = random.pick([
        "0", "-7", "42", "\(Int.max)", "\(Int.min)", "\(random.below(999))",
      ])
      return random.weighted([(4, "+"), (3, "-"), (1, "reset"), (2, "set \(number)")])
    case "stopwatch":
      if context.laps > 15 { return "reset" }
      return random.weighted([(3, "start"), (2, "stop"), (2, "lap"), (1, "reset"), (2, "show")])
    case "login":
      return random.weighted([
        (3, "login \(random.pick(Self.users))"), (1, "login"), (2, "logout"), (1, "force-logout"),
        (1, "diagram"),
      ])
    case "todo":
      if context.todoItems > 25 {
        return random.pick(["delete 1", "filter all", "clear-completed"])
      }
      let text = random.pick(Self.texts)
      return random.weighted([
        (4, "add \(text)"), (1, "edit \(position) \(text)"), (2, "toggle \(position)"),
        (1, "delete \(position)"), (1, "clear-completed"),
        (1, "filter \(random.pick(["all", "active", "completed"]))"), (1, "up \(position)"),
        (1, "down \(position)"), (1, "list"),
      ])
    default:
      return random.weighted([
        (4, "search \(random.pick(Self.queries))"), (2, "next"), (1, "prev"),
        (2, "open \(somePosition(upTo: context.results))"),
        (1, "sort \(random.pick(["stars", "updated", "best-match"]))"),
      ])
    }
  }

  /// A line that names a command but gets its arguments wrong, or names none.
  mutating func badArguments(on screen: String?) -> String {
    let global = [
      "wait -1", "wait abc", "wait 1 2", "wait 4000", "wait nan", "debug", "debug maybe",
      "home now", "back 1", "state x", "quit now", "exit 1", "help zzqx", "counter x", "todo now",
    ]
    let local: [String: [String]] = [
      "counter": [
        "+ 1", "- x", "reset now", "set", "set abc", "set 1.5", "set 99999999999999999999",
      ],
      "stopwatch": ["start now", "lap 2", "show x"],
      "login": ["logout now", "diagram x", "force-logout 1"],
      "todo": [
        "toggle", "toggle x", "toggle 1 2", "delete", "up x", "filter", "filter bogus", "edit 1",
        "edit x y", "add", "add    ", "clear-completed 1", "list x",
      ],
      "github": ["search", "open", "open x", "sort", "sort bogus", "next 2", "prev x"],
    ]
    return random.pick(global + (screen.flatMap { local[$0] } ?? []))
  }

  /// A line with an argument of 1 000 bytes up to the line limit.
  mutating func hugeArgument() -> FuzzLine {
    let length = random.int(1_001...Engine.maxLineLength - 16)
    let letters = String(repeating: "x", count: length)
    let words = String(repeating: "ab ", count: length / 3)
    let digits = String(repeating: "9", count: length)
    let (text, isInvalid) =
      switch random.below(8) {
      case 0: ("add \(words)", true)
      case 1: ("edit 1 \(letters)", true)
      case 2: ("search \(words)", false)
      case 3: ("login \(letters)", false)
      case 4: ("set \(digits)", true)
      case 5: ("help \(letters)", true)
      case 6: ("wait \(digits)", true)
      default: (letters, true)
      }
    return FuzzLine(text: text, kind: .hugeArgument, isInvalid: isInvalid)
  }

  /// A line of a megabyte (1 048 576 bytes) or a little more.
  mutating func megabyteLine() -> FuzzLine {
    let megabyte = 1 << 20
    let text =
      switch random.below(6) {
      case 0: "add " + String(repeating: "buy milk ", count: megabyte / 9 + 1)
      case 1: "search " + String(repeating: "swift ", count: megabyte / 6 + 1)
      case 2: "login " + String(repeating: "x", count: megabyte)
      case 3: "set " + String(repeating: "9", count: megabyte)
      case 4: String(repeating: "y", count: megabyte)
      // NOTE: a random 4 KiB block, repeated: decoding a megabyte of mostly invalid UTF-8 takes a
      // second in this test process. The block ends in a space, after which decoding starts
      // afresh, so this is how standard input decodes the whole megabyte.
      default:
        String(
          repeating: String(decoding: random.bytes(4095, in: 0x0B...0xFF) + [0x20], as: UTF8.self),
          count: 256)
      }
    return FuzzLine(text: text, kind: .megabyte, isInvalid: true)
  }
}
