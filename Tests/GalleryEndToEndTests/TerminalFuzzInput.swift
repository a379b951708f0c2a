import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// One thing sent to the app at its terminal.
enum TerminalFuzzInput {
  case bytes([UInt8])
  /// A signal from outside that does not end the app (a resize, a Ctrl-C from `kill`).
  case signal(Int32)

  var kind: String {
    switch self {
    case .bytes: "bytes"
    case let .signal(number): "signal \(number)"
    }
  }
}

/// Inputs as a person and a hostile paste send them: commands, escape sequences with extreme
/// parameters, invalid UTF-8, NUL and other control bytes, text with no newline, huge pastes
/// (with and without the terminal's paste marks), and signals.
// NOTE: Ctrl-C, Ctrl-D, Ctrl-Z and Ctrl-\ are left out of the random bytes: each ends or stops
// the app as asked, which the run's ending does on purpose. A run has one Ctrl-C at most: a
// second one typed ahead drops the lines before it and quits, as it should.
struct TerminalFuzzGenerator {
  var random: SplitMix64
  private var hasInterrupted = false

  init(random: SplitMix64) { self.random = random }

  /// A new run of the app: it may be interrupted once again.
  mutating func startRun() { hasInterrupted = false }

  static let extremeParameters = [
    "", "0", "1", "5", "1;5", "1;3", ";;;", "-1", "-9223372036854775808", "9223372036854775807",
    "99999999999999999999", "200", "201", "3", "1;-1", "65535;65535", "?2004", ">0",
  ]

  mutating func next() -> TerminalFuzzInput {
    switch random.int(0...99) {
    case 0..<30: return .bytes(Array((command() + "\r").utf8))
    case 30..<45: return .bytes(escapeSequence())
    case 45..<55: return .bytes(controlAndInvalidBytes())
    case 55..<63: return .bytes(Array(text(random.int(1...40)).utf8))
    case 63..<66: return .bytes(hugePaste())
    case 66..<72 where !hasInterrupted:
      hasInterrupted = true
      return .bytes([0x03, 0x0D])
    case 72..<80: return .bytes(Array(pastedLine().utf8))
    case 80..<85: return .signal(random.pick([SIGWINCH, SIGCONT]))
    default: return .bytes(editingKeys())
    }
  }

  private mutating func command() -> String {
    let n =
      random.chance(800)
      ? String(random.int(0...6)) : random.pick(["-1", "9223372036854775808", "x"])
    switch random.int(0...11) {
    case 0, 1, 2: return "add " + text(random.int(0...30))
    case 3: return "toggle \(n)"
    case 4: return "delete \(n)"
    case 5: return "edit \(n) " + text(random.int(0...20))
    case 6: return random.pick(["up", "down"]) + " \(n)"
    case 7: return random.pick(["list", "clear-completed", "y", "n", "wait 0.1", "state"])
    case 8: return random.pick(["counter", "todo", "stopwatch", "todo"])
    default: return text(random.int(0...20))
    }
  }

  /// Printable text, with now and then a tab, a wide character or a combining mark.
  private mutating func text(_ length: Int) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz ABC0123456789-.,:;!?'\"\\/[]{}~é漢🙂")
    var result = ""
    for _ in 0..<length {
      switch random.int(0...49) {
      case 0: result += "\u{301}"
      case 1: result += "\u{200D}"
      default: result.append(random.pick(alphabet))
      }
    }
    return result
  }

  private mutating func escapeSequence() -> [UInt8] {
    let introducer = random.pick(["\u{1B}[", "\u{1B}O", "\u{1B}", "\u{1B}[?", "\u{1B}\u{1B}["])
    let parameters = random.pick(Self.extremeParameters)
    let final = UInt8(random.int(0x40...0x7E))
    var bytes = Array((introducer + parameters).utf8)
    // NOTE: now and then cut, or with a C1 CSI (0x9B) for ESC [.
    if !random.chance(100) { bytes.append(final) }
    if random.chance(50) { bytes = [0xC2, 0x9B] + Array(parameters.utf8) + [final] }
    return bytes
  }

  private mutating func controlAndInvalidBytes() -> [UInt8] {
    let excluded: Set<UInt8> = [0x03, 0x04, 0x1A, 0x1C]
    let pieces: [[UInt8]] = [
      [0x00], [0xFF], [0xFE], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
      [0x80], [0xE2, 0x82], [0x7F], [0x08], [0x09], [0x12], [0x07], [0x0C], [0x15], [0x17],
    ]
    var bytes: [UInt8] = []
    for _ in 0..<random.int(1...12) {
      if random.chance(300) {
        let byte = UInt8(random.int(0...255))
        if !excluded.contains(byte) { bytes.append(byte) }
      } else {
        bytes += random.pick(pieces)
      }
    }
    return bytes
  }

  private mutating func editingKeys() -> [UInt8] {
    let keys = [
      "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}[H", "\u{1B}[F", "\u{1B}[3~",
      "\u{7F}", "\u{01}", "\u{05}", "\u{0B}", "\u{15}", "\u{17}", "\u{1B}b", "\u{1B}f", "\t",
      "\u{12}", "\u{07}", "\u{0C}",
    ]
    return Array((0..<random.int(1...6)).map { _ in random.pick(keys) }.joined().utf8)
  }

  /// A line as a terminal pastes it, between its marks or not.
  private mutating func pastedLine() -> String {
    let line = "add " + text(random.int(1...30)).replacingOccurrences(of: "b", with: "\t")
    return random.chance(500) ? "\u{1B}[200~" + line + "\u{1B}[201~\r" : line + "\r"
  }

  /// Past the 64 KiB limit or just under it, ended by Enter or not.
  private mutating func hugePaste() -> [UInt8] {
    let length = random.pick([60_000, 65_530, 70_000, 300_000])
    var bytes = [UInt8](repeating: UInt8(ascii: random.pick(["x", "y"])), count: length)
    if random.chance(500) { bytes = Array("add ".utf8) + bytes }
    if random.chance(800) { bytes.append(0x0D) }
    return bytes
  }
}
