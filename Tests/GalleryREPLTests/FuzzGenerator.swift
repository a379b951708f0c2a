import TestSupport

@testable import ActomatonREPL
@testable import GalleryApp

/// What the generator knows of the app before each line, read from the engine's state.
struct FuzzContext {
  /// The screen shown (`nil`: home).
  var screen: String?
  var todoItems = 0
  var visibleTodoItems = 0
  var laps = 0
  var results = 0
  /// Whether the screen asks a question, which the next line answers.
  var isAsking = false
}

/// A line for the engine, and what the generator made it for.
struct FuzzLine {
  enum Kind: String {
    case command, global, screenSwitch, nearMiss, badArguments, randomBytes, invalidUTF8
    case hugeArgument, megabyte, wait, blank, debug, quit, answer
  }

  var text: String
  var kind: Kind
  /// Whether the generator made the line to be refused (bad arguments, an unknown name).
  var isInvalid = false
}

/// Random lines for the REPL: valid commands for the screen shown, global ones, screen switches,
/// near-miss names, bad arguments, random bytes and invalid UTF-8 (decoded as standard input
/// is), huge arguments and a few lines of a megabyte.
struct FuzzGenerator {
  var random: SplitMix64
  /// The indices of the lines that are a megabyte long.
  let megabyteLines: Set<Int>
  private var isDebugging = false

  init(seed: UInt64, lineCount: Int, megabyteLines count: Int = 6) {
    random = SplitMix64(seed: seed)
    var indices = Set<Int>()
    while indices.count < min(count, lineCount) { indices.insert(random.below(lineCount)) }
    megabyteLines = indices
  }

  /// The next lines (random bytes may hold several newlines, so may make several lines).
  mutating func next(_ context: FuzzContext, index: Int) -> [FuzzLine] {
    if megabyteLines.contains(index) { return [megabyteLine()] }
    if context.isAsking, random.chance(500) {
      let reply = random.pick(["y", "yes", " YES ", "n", "no", "", "maybe", "quit"])
      return [FuzzLine(text: reply, kind: .answer)]
    }
    let kind = random.weighted([
      (450, FuzzLine.Kind.command), (90, .global), (100, .screenSwitch), (80, .nearMiss),
      (70, .badArguments), (70, .randomBytes), (50, .invalidUTF8), (15, .hugeArgument),
      (50, .wait), (15, .blank), (10, .debug), (1, .quit),
    ])
    switch kind {
    case .command:
      guard let screen = context.screen else { return [switchLine()] }
      return [FuzzLine(text: command(on: screen, context), kind: .command)]
    case .global: return [FuzzLine(text: globalCommand(), kind: .global)]
    case .screenSwitch: return [switchLine()]
    case .nearMiss: return [FuzzLine(text: nearMiss(on: context.screen), kind: .nearMiss)]
    case .badArguments:
      return [
        FuzzLine(text: badArguments(on: context.screen), kind: .badArguments, isInvalid: true)
      ]
    case .randomBytes:
      return StandardInputLines.decode(randomBytes()).map { FuzzLine(text: $0, kind: .randomBytes) }
    case .invalidUTF8: return [FuzzLine(text: invalidUTF8(context), kind: .invalidUTF8)]
    case .hugeArgument: return [hugeArgument()]
    case .wait:
      let seconds = random.pick(["", " 0", " 0.05", " 0.3", " 0.8", " 1", " 2.5"])
      return [FuzzLine(text: random.chance(30) ? "wait" : "wait" + seconds, kind: .wait)]
    case .blank:
      let blank = random.pick(["", " ", "\t", "  \t ", "\r", "\u{3000}", "\u{85}", "\u{2028}"])
      return [FuzzLine(text: blank, kind: .blank)]
    case .debug:
      isDebugging = !isDebugging && random.chance(300)
      return [FuzzLine(text: isDebugging ? "debug on" : "debug off", kind: .debug)]
    case .quit, .megabyte, .answer:
      return [FuzzLine(text: random.pick(["quit", "exit"]), kind: .quit)]
    }
  }

  private mutating func switchLine() -> FuzzLine {
    FuzzLine(text: random.pick(Screen.all.map(\.name)), kind: .screenSwitch)
  }

  private mutating func globalCommand() -> String {
    let names = GlobalCommands().names + Screen.all.flatMap { $0.commands.map(\.name) }
    return random.weighted([
      (1, "help"), (1, "help \(random.pick(names))"), (1, "list"), (2, "state"), (1, "home"),
      (1, "back"), (1, "?"),
    ])
  }

  /// A name one or two edits away from a command's, which is no command on this screen.
  private mutating func nearMiss(on screen: String?) -> String {
    let names = GlobalCommands().names + Screen.all.flatMap { $0.commands.map(\.name) }
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-+?!é")
    while true {
      var word = Array(random.pick(names))
      for _ in 0..<random.int(1...2) {
        let at = random.below(word.count + 1)
        switch random.below(4) {
        case 0: word.insert(random.pick(alphabet), at: at)
        case 1 where at < word.count: word.remove(at: at)
        case 2 where at < word.count: word[at] = random.pick(alphabet)
        case _ where at + 1 < word.count: word.swapAt(at, at + 1)
        default: word.append(random.pick(alphabet))
        }
      }
      let name = String(word)
      guard !name.isEmpty, !FuzzOracle.isCommand(name, on: screen) else { continue }
      return name + random.pick(["", "", " 1", " milk", " on"])
    }
  }

  private mutating func randomBytes() -> [UInt8] {
    let count = random.int(1...100)
    return random.chance(500) ? random.bytes(count, in: 0x20...0x7E) : random.bytes(count)
  }

  /// A valid-looking command with an invalid UTF-8 sequence spliced in somewhere.
  private mutating func invalidUTF8(_ context: FuzzContext) -> String {
    let base = context.screen.map { command(on: $0, context) } ?? globalCommand()
    let invalid: [[UInt8]] = [
      [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC3], [0xFE, 0xFF],
    ]
    var bytes = Array(base.utf8)
    bytes.insert(contentsOf: random.pick(invalid), at: random.below(bytes.count + 1))
    return StandardInputLines.decode(bytes).first ?? ""
  }
}
