import ActomatonTesting
import Foundation
import OutsideText
import Testing
import TodoStorage

@testable import ActomatonREPL
@testable import GalleryApp

/// Hostile text typed by the user, stored in files, or entered as user IDs reaches the output
/// with no control character left raw; with colour on, the only escape sequences are the REPL's
/// own styles.
@Suite struct HostileInputTests {
  static let hostile =
    "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}\r\u{202E}\u{200B}\u{2066}\u{FEFF}"

  /// The control characters left raw in `text`, apart from newlines, tabs, and (when
  /// `allowingStyles`) the REPL's own SGR styles and line erase.
  static func rawControls(in text: String, allowingStyles: Bool = false) -> [String] {
    var text = text
    if allowingStyles {
      text = text.replacing(/\x1B\[[0-9;]*[mK]/, with: "")
    }
    return text.unicodeScalars.filter { scalar in
      scalar != "\n" && scalar != "\t"
        && (scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
          || OutsideText.isDisguising(scalar))
    }.map { "U+\(String($0.value, radix: 16))" }
  }

  func session(todo: [String] = [], colour: Bool) async -> (BufferConsole, Engine) {
    let clock = TestClock()
    let console = BufferConsole(isInteractive: true, usesColor: colour)
    let items = todo.enumerated().map { TodoItem(id: UUID(), text: $0.element) }
    var environment = Harness.environment(clock: clock)
    environment.todo.storage = .inMemory(items)
    let engine = Harness.engine(environment, clock: clock, console: console)
    return (console, engine)
  }

  @Test(arguments: [false, true])
  func hostileCommandsTodoTextsAndUserIDsShowNothingRaw(colour: Bool) async {
    let hostile = Self.hostile
    let (console, engine) = await session(todo: ["from file \(hostile)"], colour: colour)
    await engine.start()
    for line in [
      "x\(hostile)", "help \(hostile)", "debug on", "todo", "add \(hostile)",
      "edit 1 \(hostile)2", "filter \(hostile)", "toggle \(hostile)", "list", "state", "login",
      "login \(hostile)", "wait 2", "github", "search \(hostile)", "wait 2", "sort \(hostile)",
      "\(hostile)counter", "set \(hostile)",
    ] {
      await engine.execute(line)
    }
    await engine.finish()
    let text = console.text
    #expect(Self.rawControls(in: text, allowingStyles: colour) == [])
    #expect(text.contains("^[]0;pwned^G^[[2JM-^[31m^?^M<U+202E><U+200B><U+2066><U+FEFF>"))
    #expect(text.contains("Unknown command 'x^[]0;pwned^G"))
    #expect(text.contains("1. [ ] ^[]0;pwned^G^[[2JM-^[31m^?^M<U+202E><U+200B><U+2066><U+FEFF>2"))
    #expect(text.contains("from file ^[]0;pwned^G"))
    #expect(
      text.contains("loggingIn (^[]0;pwned^G^[[2JM-^[31m^?^M<U+202E><U+200B><U+2066><U+FEFF>)"))
    #expect(colour == text.contains("\u{1B}[31m"), "styles only with colour")
  }

  @Test func aNoticeFromAnEffectIsMadeSafe() async {
    let (console, engine) = await session(colour: false)
    await engine.execute("login")
    console.notify("login flow: now loggedIn (\(Self.hostile))", prompt: "login> ")
    #expect(
      console.text.hasSuffix(
        "\r\u{1B}[Klogin flow: now loggedIn (^[]0;pwned^G^[[2JM-^[31m^?^M<U+202E><U+200B><U+2066><U+FEFF>)\nlogin> "
      ))
  }
}
