import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's raw mode for line editing, and the promise to give the terminal back: the
/// settings saved on entering are restored on leaving, at exit (`atexit`), and on a signal
/// that ends the process (SIGTERM, SIGHUP, SIGQUIT, and the crash signals), whose handler
/// restores them and raises the signal again with its previous handling.
public enum RawMode {
  /// Enters raw mode on `descriptor` (no echo, no line buffering, keys such as Ctrl-C read as
  /// bytes), unless it is in raw mode already; `false` when the descriptor is not a terminal.
  /// With `pasteMarks`, the terminal on that descriptor is asked to mark pasted text
  /// (bracketed paste, `ESC [ 200 ~` … `ESC [ 201 ~`) until raw mode is left.
  public static func enter(_ descriptor: Int32, pasteMarks output: Int32? = nil) -> Bool {
    if isFinal.load(ordering: .sequentiallyConsistent) { return false }
    if isRaw.load(ordering: .acquiring) { return true }
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return false }
    installHandlers()
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    // NOTE: output processing (OPOST) stays on: the REPL's own lines keep their "\n".
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    saved.pointee = Saved(descriptor: descriptor, settings: original, pasteMarks: output ?? -1)
    isRaw.store(true, ordering: .releasing)
    guard tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else {
      isRaw.store(false, ordering: .releasing)
      return false
    }
    // NOTE: the process may have left raw mode for good meanwhile (at exit, on another
    // thread): its `leave` may have run before these settings were set, so they are undone
    // here; a terminal was left raw after SIGTERM in 2 of 4,450 fuzz runs.
    if isFinal.load(ordering: .sequentiallyConsistent) {
      _ = tcsetattr(descriptor, TCSADRAIN, &saved.pointee.settings)
      return false
    }
    if let output { writeSequence("\u{1B}[?2004h", to: output) }
    return true
  }

  /// Restores the settings `enter` saved, and keeps `enter` from setting raw mode again: at
  /// exit and on a signal that ends the process (`signal`, kept as ``endingSignal``).
  /// Async-signal-safe.
  // NOTE: the signal is kept before raw mode is marked left for good: the key reader's next
  // `enter` then fails, and the REPL takes that for the end of input, possibly before the
  // signal has reached it the usual way (`ProcessSignals`, whose handler runs only after this
  // one); the REPL reads the signal here to exit with 128 + its number, not 0.
  public static func leaveForGood(after signal: Int32? = nil) {
    if let signal { ending.store(signal, ordering: .sequentiallyConsistent) }
    isFinal.store(true, ordering: .sequentiallyConsistent)
    leave()
  }

  /// The signal whose handler left raw mode for good (SIGTERM, SIGHUP, SIGQUIT, a crash
  /// signal), or `nil`.
  public static var endingSignal: Int32? {
    let signal = ending.load(ordering: .sequentiallyConsistent)
    return signal == 0 ? nil : signal
  }

  /// Restores the settings `enter` saved; does nothing when not in raw mode. Async-signal-safe.
  /// Returns once the settings are restored, by this call or by another one.
  // NOTE: the settings first, then raw mode is marked left: marked first, a leave on another
  // thread (at exit) returned at once while a signal handler's had not restored them yet, and
  // the process ended with the terminal raw (1 fuzz run ended by SIGHUP, on a loaded machine).
  // Two leaves at once both restore the same settings; one turns the paste marks off.
  public static func leave() {
    guard isRaw.load(ordering: .acquiring) else { return }
    _ = tcsetattr(saved.pointee.descriptor, TCSADRAIN, &saved.pointee.settings)
    guard isRaw.exchange(false, ordering: .acquiringAndReleasing) else { return }
    if saved.pointee.pasteMarks >= 0 {
      writeSequence("\u{1B}[?2004l", to: saved.pointee.pasteMarks)
    }
  }

  /// Writes a short ASCII sequence with `write` alone (async-signal-safe: a static string's
  /// bytes need no allocation).
  private static func writeSequence(_ sequence: StaticString, to descriptor: Int32) {
    _ = write(descriptor, sequence.utf8Start, sequence.utf8CodeUnitCount)
  }

  struct Saved {
    var descriptor: Int32 = -1
    var settings = termios()
    /// The terminal asked to mark pastes, or -1.
    var pasteMarks: Int32 = -1
  }

  /// Whether the terminal is in raw mode: set by the thread that reads keys, cleared by
  /// `leave`, which a signal handler may run on another thread at any moment.
  // NOTE: an atomic (lock-free, so async-signal-safe), not plain memory: the fatal-signal
  // handler and the key reader touch it from two threads, which the thread sanitizer reported.
  static let isRaw = Atomic<Bool>(false)
  /// Set by ``leaveForGood(after:)``: raw mode is not entered again.
  static let isFinal = Atomic<Bool>(false)
  /// Set by ``leaveForGood(after:)`` in a signal's handler: the signal's number, else 0.
  static let ending = Atomic<Int32>(0)

  // NOTE: `nonisolated(unsafe)` is safe: the pointers are set once, before any handler exists,
  // and the memory behind them is written only by the thread that reads keys; a signal handler
  // may read it at any moment, which is why it is plain memory and not behind a lock.
  nonisolated(unsafe) static let saved: UnsafeMutablePointer<Saved> = {
    let pointer = UnsafeMutablePointer<Saved>.allocate(capacity: 1)
    pointer.initialize(to: Saved())
    return pointer
  }()
  static let signalCount = 65
  // NOTE: as `saved`: written once per signal while installing, read by the handlers.
  nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCount)
    pointer.initialize(repeating: sigaction(), count: signalCount)
    return pointer
  }()

  /// The signals that end the process, after which nothing else would restore the terminal.
  static let fatalSignals: [Int32] = [
    SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
  ]

  private static let installation: Void = {
    atexit { RawMode.leaveForGood() }
    for signal in fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        let savedErrno = errno
        RawMode.leaveForGood(after: signal)
        _ = sigaction(signal, RawMode.previous + Int(signal), nil)
        _ = raise(signal)
        errno = savedErrno
      }
      sigemptyset(&action.sa_mask)
      _ = sigaction(signal, &action, previous + Int(signal))
    }
  }()

  /// Installs the handlers that restore the terminal when a signal ends the process, once; the
  /// first `enter` does it too.
  public static func installHandlers() { _ = installation }

  /// The terminal's width in columns, 80 when it does not say.
  public static func columns(of descriptor: Int32) -> Int {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
