import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines from a terminal with editing, history, reverse search and completion, and lets
/// other threads print above the line being typed without disturbing it.
public final class LineEditor: Sendable {
  /// How reading a line ended.
  public enum Result: Equatable, Sendable {
    case line(String)
    /// Ctrl-C: the line was dropped.
    case interrupt
    /// Ctrl-D on an empty line, or the input closed.
    case endOfInput
    /// The line passed the limit of bytes: it was dropped as soon as it did, and what was
    /// typed or pasted after it, up to its Enter, is skipped.
    case overlong
  }

  private struct Display {
    /// The prompt while a line is read; `nil` between lines.
    var prompt: String?
    var session = LineSession()
    var renderer = Renderer(columns: 80)
    var history: History
    /// The line changed since it was last drawn.
    var isStale = false
    /// The rest of an overlong line is being dropped, up to its Enter.
    var isSkipping = false
    /// Between the terminal's marks of a paste.
    var isPasting = false
  }

  /// Keys read but not yet handled (typed ahead after Enter) and the decoder's partial sequence:
  /// touched only by the thread that reads lines.
  private struct Typed {
    var decoder = KeyDecoder()
    var keys: [Key] = []
  }

  private let input: Int32
  private let output: Int32
  private let display: Locked<Display>
  private let typed = Locked(Typed())
  private let complete: @Sendable (String) -> [String]
  private let historyChanged: @Sendable ([String]) -> Void
  private let maxLineBytes: Int
  /// A pipe that ends `readAhead`: `wake` writes to `[1]`, `readAhead` polls `[0]`.
  private let wakeEnds: [Int32]

  /// - Parameters:
  ///   - input: The terminal to read keys from.
  ///   - output: The terminal to draw on.
  ///   - history: Earlier lines; each accepted line is added to it.
  ///   - complete: The words that may end the text before the cursor.
  ///   - historyChanged: Called with the whole history after each line it gained (to save it),
  ///     once the line is ended on the screen.
  ///   - maxLineBytes: The longest line in UTF-8 bytes; a longer one ends as ``Result/overlong``.
  public init(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, history: History = History(),
    complete: @escaping @Sendable (String) -> [String] = { _ in [] },
    historyChanged: @escaping @Sendable ([String]) -> Void = { _ in },
    maxLineBytes: Int = 65_536
  ) {
    self.maxLineBytes = max(maxLineBytes, 1)
    self.input = input
    self.output = output
    self.display = Locked(Display(history: history))
    self.complete = complete
    self.historyChanged = historyChanged
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) != 0 { ends = [-1, -1] }
    wakeEnds = ends
  }

  /// Between lines (a command runs): reads the keys typed ahead and keeps them for the next
  /// line, but a Ctrl-C among them calls `onInterrupt` at once, and drops it and what was typed
  /// before it; returns when `wake` is called, or at the end of input. Blocks the calling
  /// thread, which must be the one that reads lines.
  // NOTE: in raw mode Ctrl-C is a byte, not SIGINT: unread, it could not stop `wait 3600`.
  public func readAhead(onInterrupt: () -> Void) {
    guard wakeEnds[0] >= 0 else { return }
    var bytes: [UInt8] = []
    while true {
      let interrupted = typed.withLock { typed in
        typed.keys += typed.decoder.feed(bytes)
        bytes = []
        guard let last = typed.keys.lastIndex(of: .control("c")) else { return false }
        typed.keys.removeSubrange(...last)
        return true
      }
      if interrupted { onInterrupt() }
      var descriptors = [
        pollfd(fd: wakeEnds[0], events: Int16(POLLIN), revents: 0),
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, -1)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return }
      if descriptors[0].revents != 0 {
        var byte: UInt8 = 0
        _ = read(wakeEnds[0], &byte, 1)
        return
      }
      guard let chunk = readBytes(waiting: false), !chunk.isEmpty else { return }
      bytes = chunk
    }
  }

  /// Ends a `readAhead`, or the next one to start.
  public func wake() {
    guard wakeEnds[1] >= 0 else { return }
    let byte: [UInt8] = [1]
    _ = byte.withUnsafeBytes { writeDescriptor(wakeEnds[1], $0) }
  }

  /// The lines kept, oldest first.
  public var history: [String] { display.withLock { $0.history.entries } }

  /// Reads one line at `prompt`; blocks the calling thread.
  ///
  /// The terminal enters raw mode on the first call and stays in it between lines, so that keys
  /// typed while a command runs wait, unechoed, for the next line (a cooked terminal would echo
  /// them and take Ctrl-D or Ctrl-U itself); ``RawMode`` restores it when the process ends.
  public func readLine(prompt: String) -> Result {
    guard RawMode.enter(input, pasteMarks: output) else { return .endOfInput }
    let complete = self.complete
    display.withLock { display in
      display.prompt = prompt
      display.session = LineSession(history: display.history.entries, complete: complete)
      redraw(&display)
    }
    while true {
      let keys = typed.withLock { typed in
        defer { typed.keys = [] }
        return typed.keys
      }
      if !keys.isEmpty {
        if let result = handle(keys) { return finish(result) }
        continue
      }
      // NOTE: drawn only once the input is idle: a paste arrives in many reads, and drawing the
      // whole line after each made a paste's cost quadratic in its length.
      if !isInputReady() { display.withLock { if $0.isStale { redraw(&$0) } } }
      guard let bytes = readBytes(waiting: typed.withLock { $0.decoder.hasPending }) else {
        return finish(.endOfInput)
      }
      typed.withLock { typed in
        typed.keys = bytes.isEmpty ? typed.decoder.flush() : typed.decoder.feed(bytes)
      }
    }
  }

  /// Writes `text` to the terminal; while a line is read, above it, and the line is drawn again.
  /// With `prompt`, the line being read is drawn again at that prompt (the state it names
  /// changed with what `text` says).
  public func write(_ text: String, prompt: String? = nil) {
    display.withLock { display in
      guard display.prompt != nil else { return send(text) }
      if let prompt { display.prompt = prompt }
      var output = display.renderer.erase() + text
      if !text.hasSuffix("\n") { output += "\n" }
      send(output)
      redraw(&display)
    }
  }

  /// Handles the keys read, text typed or pasted in one go; the result when a key ends the line
  /// (the keys after it wait for the next line). The line is drawn again once the input is idle.
  private func handle(_ keys: [Key]) -> Result? {
    display.withLock { display -> Result? in
      var rest = pasted(keys, &display)[...]
      if display.isSkipping { rest = skipOverlong(rest, &display) }
      while let key = rest.first {
        if case .character = key {
          let text = rest.prefix { if case .character = $0 { true } else { false } }
          display.session.insert(text.map { if case let .character(c) = $0 { c } else { " " } })
          rest = rest.dropFirst(text.count)
          display.isStale = true
          if display.session.buffer.text.utf8.count > maxLineBytes {
            return refuseOverlong(rest, &display)
          }
          continue
        }
        rest = rest.dropFirst()
        if key == .control("z") || key == .control("\\") {
          stop(&display, key == .control("z") ? SIGTSTP : SIGQUIT)
          continue
        }
        switch display.session.handle(key) {
        case .edited:
          display.isStale = true
        case let .accepted(line):
          // NOTE: a line pasted whole is shown as it runs, as if typed.
          if display.isStale { redraw(&display) }
          typed.withLock { $0.keys = Array(rest) + $0.keys }
          return .line(line)
        case .endOfInput:
          if display.isStale { redraw(&display) }
          return .endOfInput
        case .interrupted:
          // NOTE: the dropped line stays on the screen, marked, as shells do.
          let shown = shownLine(display)
          send(
            display.renderer.draw(prompt: shown.prompt, text: shown.text, cursor: shown.text.count)
              + "^C")
          typed.withLock { $0.keys = Array(rest) + $0.keys }
          return .interrupt
        case .clearScreen:
          send(display.renderer.clearScreen())
          display.isStale = true
        case let .list(candidates):
          send(display.renderer.erase() + candidates.joined(separator: "  ") + "\n")
          display.isStale = true
        case .bell:
          send("\u{07}")
        }
      }
      return nil
    }
  }

  /// The keys with the terminal's paste marks taken out and a Tab between them made text, as it
  /// is from a pipe (pressed, Tab completes).
  private func pasted(_ keys: [Key], _ display: inout Display) -> [Key] {
    guard display.isPasting || keys.contains(.pasteStart) else { return keys }
    var result: [Key] = []
    result.reserveCapacity(keys.count)
    for key in keys {
      switch key {
      case .pasteStart: display.isPasting = true
      case .pasteEnd: display.isPasting = false
      case .tab where display.isPasting: result.append(.character("\t"))
      default: result.append(key)
      }
    }
    return result
  }

  /// The line passed `maxLineBytes`: its drawing is replaced by the prompt alone, and the keys
  /// up to its Enter are dropped (here, or as they come); the line never reaches the history.
  private func refuseOverlong(_ rest: ArraySlice<Key>, _ display: inout Display) -> Result {
    // NOTE: the prompt alone stays, and the REPL's refusal goes on the row below it.
    send(display.renderer.erase() + (display.prompt ?? "") + "\r\n")
    display.session = LineSession(history: display.history.entries, complete: complete)
    display.isStale = false
    display.isSkipping = true
    let kept = skipOverlong(rest, &display)
    typed.withLock { $0.keys = Array(kept) + $0.keys }
    return .overlong
  }

  /// Drops the keys of an overlong line up to its Enter (dropped too) or a Ctrl-C (kept, to
  /// interrupt); the keys after it.
  private func skipOverlong(_ keys: ArraySlice<Key>, _ display: inout Display) -> ArraySlice<Key> {
    guard let end = keys.firstIndex(where: { $0 == .enter || $0 == .control("c") }) else {
      return []
    }
    display.isSkipping = false
    return keys[end] == .enter ? keys[(end + 1)...] : keys[end...]
  }

  private func finish(_ result: Result) -> Result {
    let entries = display.withLock { display -> [String]? in
      defer { display.prompt = nil }
      // NOTE: after Ctrl-C or Ctrl-D the REPL ends the row itself.
      guard case let .line(line) = result else { return nil }
      let (prompt, text, _) = shownLine(display)
      send(display.renderer.finish(prompt: prompt, text: text))
      return display.history.add(line) ? display.history.entries : nil
    }
    // NOTE: after the row is ended: a warning that the history cannot be saved gets its own line.
    if let entries { historyChanged(entries) }
    return result
  }

  /// The prompt and the line as drawn: a pasted Tab is one column wide, as a space.
  private func shownLine(_ display: Display) -> (prompt: String, text: String, cursor: Int) {
    let shown = display.session.display(prompt: display.prompt ?? "")
    guard shown.text.contains("\t") else { return shown }
    return (shown.prompt, String(shown.text.map { $0 == "\t" ? " " : $0 }), shown.cursor)
  }

  /// Ctrl-Z and Ctrl-\\, which raw mode turns into bytes: the terminal is put back and the
  /// signal raised, as a cooked terminal would; after Ctrl-Z, once continued (`fg`), raw mode
  /// comes back and the line is drawn again.
  // NOTE: job control must survive raw mode (readline and linenoise do this): SIGTSTP's default
  // action stops the process right here, and `raise` returns on SIGCONT.
  private func stop(_ display: inout Display, _ signal: Int32) {
    redraw(&display)
    let shown = shownLine(display)
    send(display.renderer.finish(prompt: shown.prompt, text: shown.text))
    RawMode.leave()
    // NOTE: this thread may have inherited a mask that blocks the signal (seen under a test
    // runner): unblocked, `raise` stops the process before it returns.
    var only = sigset_t()
    var previous = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    pthread_sigmask(SIG_UNBLOCK, &only, &previous)
    _ = raise(signal)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    guard RawMode.enter(input, pasteMarks: output) else { return }
    redraw(&display)
  }

  private func redraw(_ display: inout Display) {
    guard display.prompt != nil else { return }
    // NOTE: read at every draw, so that a resized window wraps the line at its new width.
    display.renderer.columns = RawMode.columns(of: output)
    display.isStale = false
    let shown = shownLine(display)
    send(display.renderer.draw(prompt: shown.prompt, text: shown.text, cursor: shown.cursor))
  }

  /// Whether bytes wait to be read now.
  private func isInputReady() -> Bool {
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  /// The bytes available (blocking for the first); empty when a pending sequence timed out;
  /// `nil` at the end of input.
  private func readBytes(waiting: Bool) -> [UInt8]? {
    if waiting {
      var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      // NOTE: a lone Escape is told from the start of a sequence by the pause after it.
      if poll(&descriptor, 1, 50) == 0 { return [] }
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { readDescriptor(input, $0) }
      if count > 0 { return Array(buffer.prefix(count)) }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }

  private func send(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { writeDescriptor(output, $0) }
      if written < 0, errno == EINTR { continue }
      if written <= 0 { return }
      bytes = bytes.dropFirst(written)
    }
  }
}

private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}

private func writeDescriptor(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
  write(descriptor, buffer.baseAddress, buffer.count)
}
