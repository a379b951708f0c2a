import Actomaton
import ActomatonDebugging
import ClientSupport
import FeatureSupport
import OutsideText

/// The shell's engine: turns lines into actions on the host's actomaton and prints the results.
///
/// The engine is driven by one task: `start`, then `execute` for each line, then `finish`.
// NOTE: what runs for every line and action is `@inlinable`, from `Shell.main` down, so that a
// host's module compiles it for its types: compiled for any host, it looked up metadata (W7 +20%).
public final class Engine<Host: ShellHost> {
  @usableFromInline let actomaton: Actomaton<Host.Action, Host.State>
  @usableFromInline let console: any Console
  @usableFromInline let waiter: Waiter
  @usableFromInline let executor: (any TaskExecutor)?
  /// The app's state as of the last command, or of the last change the loop took in since.
  @usableFromInline var state = Host.initialState {
    didSet {
      published.withLock { $0 = state }
      current = Screen<Host>.shown(in: state)
    }
  }
  /// How many actions `state` has seen: a change no newer is not taken in.
  @usableFromInline var seen = 0
  /// `state`, for completion on the line editor's thread.
  @usableFromInline let published = Locked(Host.initialState)
  /// Where the changes effects make go while a person is at a terminal: the loop's messages.
  @usableFromInline let changes = Locked<(@Sendable (Change) -> Void)?>(nil)
  /// How many actions the actomaton has reduced, counted by its observer.
  @usableFromInline let reduced = Locked(0)
  /// The screen shown, as of the last command.
  @usableFromInline private(set) var current: Screen<Host>?
  /// The global commands.
  @usableFromInline let globals = GlobalCommands<Host>()
  @usableFromInline let debugLog: DebugLog<Host>
  /// How many commands failed (unknown, malformed, refused) and lasting failures arose (a todo
  /// list not loaded or saved); `--strict` turns it into the exit code.
  public var failures: Int { commandFailures + savedFailures.withLock(\.count) }
  @usableFromInline var commandFailures = 0
  /// The saved part's failures, counted by the actomaton's observer as they arise.
  // NOTE: where they arise, not where they are shown: a save that fails in the background may be
  // shown by `wait`, by `list`, or never (a later command clears the message), and counts once.
  @usableFromInline let savedFailures = Locked(FailureTally())
  /// The lasting failure of another screen than the saved part's (a search's) last shown and
  /// counted: shown again by `wait` or a command, it is not counted again until it has gone and
  /// come back.
  @usableFromInline var countedFailure: String?
  /// How many pieces of news arrived and how many were printed: a piece is printed once.
  @usableFromInline let news = Locked((arrived: 0, printed: 0))
  /// The last actions, the `--record` file, and the states `undo` goes back to.
  @usableFromInline let recording: SessionRecording<Host>

  /// - Parameters:
  ///   - environment: The host's environment (live, or built on a test clock).
  ///   - console: Where output goes.
  ///   - waiter: How `wait` and the end of input wait for effects (in real time, on `executor`,
  ///     by default).
  ///   - clock: The clock for effect-queue delays.
  ///   - executor: The task executor effects run on (a test clock's, in tests).
  ///   - debug: Start with the state-diff log on.
  ///   - recording: Where the session is recorded (the last actions in memory by default).
  @inlinable public init(
    environment: Host.Environment, console: any Console, waiter: Waiter? = nil,
    clock: any Clock<Duration> = ContinuousClock(), executor: (any TaskExecutor)? = nil,
    debug: Bool = false, recording: SessionRecording<Host>? = nil
  ) {
    let recording = recording ?? SessionRecording(clock: clock)
    self.recording = recording
    self.console = console
    self.waiter = waiter ?? Waiter(clock: ContinuousClock(), executor: executor)
    self.executor = executor
    let (savedFailures, news, reduced, changes) = (self.savedFailures, news, reduced, changes)
    let countFailures = Host.saved?.countFailures
    debugLog = DebugLog(isOn: debug, to: console)
    let isInteractive = console.isInteractive
    let tell: @Sendable (Host.State, String?, Bool) -> Void = { state, notice, isNews in
      let sequence = reduced.withLock { count in
        count += 1
        return count
      }
      // NOTE: only what the screen words: a stopwatch's ticks make no message, and the buffer
      // behind a long `wait` holds only notices.
      guard isInteractive, let notice, let changes = changes.withLock({ $0 }) else { return }
      changes(Change(sequence: sequence, state: state, notice: notice, isNews: isNews))
    }
    let observers = [
      recording.observer, debugLog.observer,
      ActomatonObserver(
        actionReduced: { action, _, old, state in
          if let countFailures { savedFailures.withLock { countFailures(action, old, state, &$0) } }
          let screen = Screen<Host>.shown(in: state)
          let notice = screen?.notice(action, state)
          let isNews = notice != nil && notice == screen?.news(state)
          if isNews { news.withLock { $0.arrived += 1 } }
          tell(state, notice, isNews)
        },
        stateRestored: { _, state in tell(state, nil, false) }),
    ]
    actomaton = Actomaton(
      state: Host.initialState, reducer: Host.reducer,
      environment: recording.recording(environment),
      clock: clock, executor: executor, observer: .combine(observers))
    current = Screen<Host>.shown(in: state)
  }

  /// `todo> `, or `todo [y/N]> ` while the screen asks a question, so the person typing sees that
  /// the next line answers it; ` [ann]` after the screen's name while ann is logged in (a login's
  /// answer may have come since the last command: the loop takes it in as a change).
  @inlinable public var prompt: String {
    let tag = Host.promptTag(state).map { " [\($0.clipped().terminalSafe)]" } ?? ""
    guard let screen = current else { return "home\(tag)> " }
    return screen.name + tag + (screen.question(state) == nil ? "> " : " [y/N]> ")
  }

  /// A change an effect made that the screen words: the state after it, and its notice.
  public struct Change: Sendable {
    @usableFromInline let sequence: Int
    @usableFromInline let state: Host.State
    @usableFromInline let notice: String
    /// Whether the notice is the screen's news (printed once, by the notice or the screen).
    @usableFromInline let isNews: Bool

    @usableFromInline init(sequence: Int, state: Host.State, notice: String, isNews: Bool) {
      (self.sequence, self.state, self.notice, self.isNews) = (sequence, state, notice, isNews)
    }
  }

  /// Sends the changes effects make to `deliver` (the loop's messages), at a terminal.
  public func deliverChanges(to deliver: @escaping @Sendable (Change) -> Void) {
    changes.withLock { $0 = deliver }
  }

  /// Takes in a change that came while the person was at the prompt, and prints its notice
  /// above the prompt; a change no newer than what a command showed is left out.
  @inlinable public func take(_ change: Change) {
    guard change.sequence > seen else { return }
    (state, seen) = (change.state, change.sequence)
    console.notify(change.notice, prompt: prompt)
    if change.isNews { news.withLock { $0.printed = $0.arrived } }
  }

  /// Whether the screen shown asks a question, which the next line answers.
  @inlinable var isAsking: Bool { current.map { $0.question(state) != nil } ?? false }

  /// Prints the banner and the screens, and opens `screen` when given.
  public func start(screen: String? = nil) async {
    console.write(
      console.styled(Host.title, .bold)
        + " — type 'help' for commands, 'quit' to leave.\n")
    console.print(Views<Host>.screenList)
    if let screen { await execute(screen) }
  }

  /// The longest line the engine runs, in UTF-8 bytes: room for a Todo item of the longest text
  /// (1 000 characters) even in emoji (the longest in common use, a kiss with two skin tones, is
  /// 35 bytes), while a pasted file or a runaway script line is refused in one short message
  /// instead of being parsed, stored and echoed back.
  // NOTE: 16 KB refused 700 family emoji (25 bytes each): the bound is in bytes, the promise in
  // characters, so the bound covers the promise.
  public static var maxLineLength: Int { 65_536 }

  /// Runs one line; returns `false` when the user asked to quit.
  @discardableResult @inlinable
  public func execute(_ line: String) async -> Bool {
    let length = line.utf8.count
    guard length <= Engine.maxLineLength else {
      fail("The line is \(length) bytes long; lines are at most \(Engine.maxLineLength) bytes.")
      return true
    }
    let trimmed = line.trimmingWhitespace()
    let name = String(trimmed.prefix { !$0.isWhitespace })
    if !trimmed.isEmpty || isAsking {
      recording.willRun(line, isUndo: name == "undo" || name == "redo")
    }
    if let current, await answer(line, on: current) { return true }
    switch globals.resolve(trimmed, on: current) {
    case .nothing: break
    case let .screen(command, arguments): await run(command, arguments)
    case let .global(command, name, arguments): return await run(command, name, arguments)
    case let .show(screen, arguments): await open(screen, arguments)
    case let .unknown(name): fail(unknownCommandMessage(name))
    }
    return true
  }

  /// Runs a global command; `false` when it quits.
  @inlinable func run(_ command: GlobalCommand<Host>, _ name: String, _ arguments: Arguments) async
    -> Bool
  {
    if let run = command.run {
      await run(self, arguments)
      return true
    }
    guard expectNoArguments(arguments, name) else { return true }
    if let shown = command.view(arguments, state) { console.print(shown.lines) }
    return !command.quits
  }

  /// A line from a pipe passed `maxLineLength`: refused as soon as it did, unread past it.
  @usableFromInline func refuseOverlongLine() {
    fail(
      "The line is over \(Engine.maxLineLength) bytes long; lines are at most "
        + "\(Engine.maxLineLength) bytes.")
  }

  /// At the end of input: lets finite effects finish (bounded; not when `waitsForEffects` is
  /// false, on SIGTERM or SIGHUP), leaves the screen so a pending Todo save is flushed, and
  /// waits for that save.
  public func finish(waitsForEffects: Bool = true) async {
    recording.recorder.note(SessionRecording<Host>.endOfInput, checkpoint: true)
    await refresh()
    if current?.worksEndlessly(state) == true || !waitsForEffects { waiter.forgetInFlight() }
    await waiter.wait(for: waiter.inFlight, atMost: .seconds(10))
    let task = await send(Host.leave)
    await waiter.wait(for: task.map { [$0] } ?? [], atMost: .seconds(10))
    let actomaton = self.actomaton
    // NOTE: what could not be saved dies with the process: print it, so nothing typed is lost.
    if let lostAtQuit = Host.saved?.lostAtQuit {
      let state = await withTaskExecutorPreference(executor) { await actomaton.state }
      if let lost = lostAtQuit(state) {
        fail(lost.message)
        console.print(lost.lines)
      }
    }
    // NOTE: last, so the recording ends with what leaving the screen saved.
    recording.end()
  }

  /// How Ctrl-C is written in the recording and `history`.
  static var interruptLine: String { "^C" }

  /// Ctrl-C: stops the current screen's work in flight through the screen's own action (so its
  /// state says so) and shows the screen; returns `false` when there was nothing to stop.
  @discardableResult public func interrupt() async -> Bool {
    await refresh()
    guard let screen = current else { return false }
    // NOTE: Ctrl-C at a question answers no, as an empty line does.
    let action =
      screen.question(state) == nil ? screen.interrupt(state) : screen.answer(.no)
    guard let action else { return false }
    // NOTE: a step of its own, shown in `history` and a replay as `^C`: charged to the line
    // before, it made a refused or a showing line undoable.
    recording.willRun(Engine.interruptLine, isUndo: false)
    _ = await send(action)
    render(countsFailures: false)
    return true
  }

  /// When the screen asks a question, `line` answers it (`y` or `yes` confirms, anything else,
  /// an empty line too, cancels) and is not run as a command; returns whether it did.
  @inlinable func answer(_ line: String, on screen: Screen<Host>) async -> Bool {
    guard screen.question(state) != nil, let action = screen.answer(Answer(reply: line)) else {
      return false
    }
    recording.markLine(\.isAnswer)
    if let task = await send(action) { waiter.track(task) }
    render()
    return true
  }

  @inlinable func run(_ command: ScreenCommand<Host>, _ arguments: Arguments) async {
    do throws(CommandError) {
      switch try command.parse(arguments) {
      case let .send(action):
        if let task = await send(action) { waiter.track(task) }
        await reloadShown()
        // NOTE: every feature clears its refusal on each command's action, so a refusal shown
        // now is this command's: it changed nothing else, and undo goes past it.
        if render()?.refusal != nil { recording.markLine(\.isRefused) }
      case let .view(view):
        await reloadShown()
        var rendered = view(state)
        rendered.news = current?.news(state)
        show(rendered, countsFailures: false, showsRefusal: false)
      }
    } catch {
      fail(error.message + " Try 'help \(command.name)'.")
    }
  }

  /// Sends `action` and keeps the state right after it, before any effect can change it.
  @inlinable func send(_ action: Host.Action) async -> Task<Void, any Error>? {
    let actomaton = self.actomaton
    // NOTE: entering the actomaton from the effects' executor (a test clock's) keeps every job
    // this causes on it, so the clock knows when the work has settled.
    let reduced = self.reduced
    let (task, state, seen) = await withTaskExecutorPreference(executor) {
      await actomaton.sendReturningState(action) { reduced.withLock { $0 } }
    }
    (self.state, self.seen) = (state, seen)
    return task
  }

  /// Lets the screen take in what changed outside before it is shown (bounded).
  // NOTE: after the command, not before: a command names items by the positions shown. The
  // wait is short: a local file is read in milliseconds, and a file that hangs (a stalled disk,
  // another process stopped holding the list's lock) must not slow every command; its reload
  // then arrives as a notice.
  @inlinable func reloadShown() async {
    guard let action = current?.reload(state) else { return }
    if let task = await send(action) { await waiter.wait(for: [task], atMost: .seconds(1)) }
    await refresh()
  }

  /// Reads the screen shown now, including what effects changed since the last command.
  @inlinable func refresh() async {
    let (actomaton, reduced) = (self.actomaton, self.reduced)
    (state, seen) = await withTaskExecutorPreference(executor) {
      await actomaton.reading { reduced.withLock { $0 } }
    }
  }

  /// Prints the current screen; a refusal or error in it counts as a failed command. Without
  /// `showsRefusal` (no action was sent: `wait`, re-opening), an old refusal is left out.
  /// Returns the problem shown.
  @discardableResult @inlinable
  func render(countsFailures: Bool = true, showsRefusal: Bool = true) -> Problem? {
    guard let rendered = current?.render(state) else { return nil }
    return show(rendered, countsFailures: countsFailures, showsRefusal: showsRefusal)
  }

  /// Prints `rendered`: its lines, its problem in red (counted as a failed command when
  /// `countsFailures`; its refusal only when `showsRefusal`), then its question; returns the
  /// problem shown.
  @discardableResult @inlinable
  func show(_ rendered: Rendered, countsFailures: Bool, showsRefusal: Bool = true) -> Problem? {
    console.print(rendered.lines)
    if let line = rendered.news {
      let isNew = news.withLock { count in
        defer { count.printed = count.arrived }
        return count.printed < count.arrived
      }
      if isNew { console.print([line]) }
    }
    let shown = showsRefusal ? rendered.problem : rendered.problem?.withoutRefusal
    if let problem = shown {
      // NOTE: a refusal answers this command; a failure is counted once while it lasts (the saved
      // part's, where it arose).
      let isSaved = current?.name == Host.saved?.screen
      let isNew = problem.refusal != nil || (problem.failure != countedFailure && !isSaved)
      if countsFailures, isNew { commandFailures += 1 }
      console.print(problem.lines) { _ in .red }
    }
    // NOTE: a failure shown by a render that does not count (after undo, Ctrl-C) is not counted
    // by the next render either: it was the person's doing.
    if shown != nil || countsFailures { countedFailure = rendered.problem?.failure }
    if let question = rendered.questionLine { console.print([question]) { _ in .yellow } }
    return shown
  }

  @inlinable func fail(_ message: String) {
    commandFailures += 1
    console.write(console.styled("error: ", .red) + message.terminalSafe + "\n")
  }
}

extension Actomaton {
  /// Sends `action` and returns the state right after it, before any effect can change it, and
  /// what `read` reads then.
  @inlinable func sendReturningState<Count: Sendable>(
    _ action: Action, reading read: @Sendable () -> Count
  ) -> (Task<Void, any Error>?, State, Count) {
    (send(action, tracksFeedbacks: true), state, read())
  }

  /// The state, and what `read` reads at the same moment.
  @inlinable func reading<Count: Sendable>(_ read: @Sendable () -> Count) -> (State, Count) {
    (state, read())
  }
}
