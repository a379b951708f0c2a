import Actomaton
import LineEditor
import OutsideText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the REPL writes, and how: a terminal gets a prompt and colour, a pipe plain lines.
public protocol Console: Sendable {
  /// Whether a person types at a terminal (prompt, notifications from effects).
  var isInteractive: Bool { get }
  /// Whether to colour the output.
  var usesColor: Bool { get }
  /// Writes `text` as is.
  func write(_ text: String)
  /// Prints a notice from an effect while the user is at the prompt, and the prompt again.
  func notify(_ text: String, prompt: String)
}

extension Console {
  /// Writes each line followed by a newline, its control characters made visible (any line may
  /// hold text from outside the program), then in the style `style` picks for it.
  @usableFromInline func print(_ lines: [String], style: (String) -> Style? = { _ in nil }) {
    if lines.isEmpty { return }
    let safe = lines.map { line in
      style(line).map { styled(line.terminalSafe, $0) } ?? line.terminalSafe
    }
    write(safe.joined(separator: "\n") + "\n")
  }

  @usableFromInline func print(_ line: String) { print([line]) }

  /// Writes `text` over the prompt's line, then the prompt again (after the text, a person at a
  /// plain terminal may have begun typing: the line is lost from view, not from the input).
  public func notify(_ text: String, prompt: String) {
    write("\r\u{1B}[K" + styled(text.terminalSafe, .cyan) + "\n" + prompt)
  }

  /// Colours `text` when the console uses colour.
  @usableFromInline func styled(_ text: String, _ style: Style) -> String {
    usesColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}

@usableFromInline enum Style: String {
  case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
}

/// The process's standard output; interactive when standard input and output are terminals.
public final class StandardConsole: Console {
  public let isInteractive: Bool
  public let usesColor: Bool
  /// Whether lines are read with the line editor: at a terminal whose `TERM` is set and not
  /// `dumb` (one that understands the editor's escape sequences).
  public let usesLineEditor: Bool
  /// Whether the terminal understands escape sequences (`TERM` set and not `dumb`).
  let understandsEscapes: Bool
  private let lock = Locked(())
  private let editor = Locked<LineEditor?>(nil)

  /// - Parameter environment: The process environment (`NO_COLOR` turns colour off, `TERM`
  ///   says whether the terminal can edit lines).
  public init(environment: [String: String]) {
    isInteractive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    let term = environment["TERM"] ?? ""
    understandsEscapes = !term.isEmpty && term != "dumb"
    // NOTE: a dumb terminal shows escape sequences as garbage: no colour there either.
    usesColor = isInteractive && environment["NO_COLOR"] == nil && understandsEscapes
    usesLineEditor = isInteractive && understandsEscapes
  }

  /// From now on, output goes through `editor`, above the line being typed.
  func attach(_ editor: LineEditor) {
    self.editor.withLock { $0 = editor }
  }

  public func write(_ text: String) {
    if let editor = editor.withLock({ $0 }) { return editor.write(text) }
    lock.withLock { _ in writeAll(Array(text.utf8), to: STDOUT_FILENO) }
  }

  public func notify(_ text: String, prompt: String) {
    // NOTE: the editor draws the prompt and the half-typed line again below the notice.
    if let editor = editor.withLock({ $0 }) {
      return editor.write(styled(text.terminalSafe, .cyan) + "\n", prompt: prompt)
    }
    // NOTE: a dumb terminal cannot clear the prompt's line: the notice goes below it.
    let clear = understandsEscapes ? "\r\u{1B}[K" : "\n"
    write(clear + styled(text.terminalSafe, .cyan) + "\n" + prompt)
  }
}

/// Writes every byte to `descriptor`, retrying short writes; gives up on an error (a closed pipe).
func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written <= 0 { return }
    offset += written
  }
}

/// A console that keeps what is written, for tests and for the null sink of benchmarks.
public final class BufferConsole: Console {
  public let isInteractive: Bool
  public let usesColor: Bool
  private let buffer = Locked("")
  private let keeps: Bool

  /// - Parameters:
  ///   - isInteractive: Whether to behave as a terminal.
  ///   - keeps: `false` to discard everything (a null sink).
  ///   - usesColor: Whether to style the output as at a colour terminal.
  public init(isInteractive: Bool = false, keeps: Bool = true, usesColor: Bool = false) {
    self.isInteractive = isInteractive
    self.usesColor = usesColor
    self.keeps = keeps
  }

  public func write(_ text: String) {
    if keeps { buffer.withLock { $0 += text } }
  }

  /// Everything written so far.
  public var text: String { buffer.withLock { $0 } }
}
