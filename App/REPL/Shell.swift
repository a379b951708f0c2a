import Actomaton
import Foundation
import OutsideText
import ShellProcess

#if canImport(Glibc)
  import Glibc
#endif

/// The shell over `Host`'s features: what a host's `main.swift` runs.
///
/// ```swift
/// exit(await Shell<Pomodoro>.main())
/// ```
public enum Shell<Host: ShellHost> {
  /// Runs the program: reads the command line, then replays a recording (`--replay`) or reads
  /// commands until `quit` or the end of input. Returns the exit status: 0, 1 when `--strict`
  /// saw a command fail or a replay diverged, 2 for a bad command line, 128 + a signal's number
  /// after SIGTERM, SIGHUP or SIGQUIT.
  // NOTE: on the main actor, as a `main.swift` is: work put on the global pool starts
  // libdispatch's event loop, whose descriptors would then be made at start-up rather than when
  // a screen first schedules work (a crash there is what `CrashReportEndToEndTests` provokes).
  // NOTE: inlinable, so that a host's `main.swift` compiles the shell for its types (`Engine`).
  @inlinable @MainActor public static func main(
    arguments: [String] = ProcessBytes.arguments,
    environment: [String: String] = ProcessBytes.environment
  ) async -> Int32 {
    // NOTE: first of all: a descriptor among 0–2 closed by the caller (`prog <&-`) would be
    // taken by the next `open` or `pipe` (the Ctrl-C self-pipe became standard input and the
    // reader blocked on it for ever). /dev/null takes its place, as OpenSSH's `sanitise_stdfd`.
    for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      _ = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
    }
    // NOTE: a closed output (`prog … | head -1`) is no reason to drop what the person typed:
    // writes then fail with EPIPE, which `writeAll` gives up on quietly, and the program saves
    // and exits.
    signal(SIGPIPE, SIG_IGN)
    // NOTE: a misdeclared host is the host's programmer's to fix, said before anything runs.
    let problems = Host.declarationProblems()
    guard problems.isEmpty else {
      for problem in problems { _ = refuse(problem) }
      return 70
    }
    let options: Options
    do throws(OptionsError) {
      options = try Options.parse(arguments, for: Host.self)
    } catch {
      return refuse("\(error)")
    }
    if options.showsHelp || options.showsVersion {
      print(options.showsHelp ? Options.usage(for: Host.self) : Host.version)
      return 0
    }
    if let refusal = DescriptorLimit.ensure(program: Host.name) { return refuse(refusal) }
    let console = StandardConsole(environment: environment)
    if let replay = options.replayFile {
      let file = URL(fileURLWithPath: Options.expandingHome(replay, environment: environment))
      return Replayer<Host>.run(file, console: console)
    }
    // NOTE: past a file size limit (`ulimit -f`) a save fails with EFBIG, which the screen
    // reports, instead of the signal killing the program with its data unsaved.
    signal(SIGXFSZ, SIG_IGN)
    let live = Surroundings<Host>.Live(options: options, processEnvironment: environment)
    let recordFile = options.recordFile.map {
      URL(fileURLWithPath: Options.expandingHome($0, environment: environment))
    }
    if let recordFile,
      let refusal = SessionRecording<Host>.refusal(
        toRecordIn: recordFile, ownFiles: SessionRecording.ownFiles(live))
    {
      return refuse(refusal)
    }
    let hostEnvironment = Host.environment(Surroundings(clock: ContinuousClock(), live: live))
    // NOTE: the shell, the host's actomaton and its effects all run on one event loop, so a
    // command's round trip through an effect is handed from job to job, not from thread to
    // thread; blocking reads stay on threads of their own (the line reader, the signal watcher).
    let loop = EventLoopExecutor()
    return await withTaskExecutorPreference(loop) {
      let recording = SessionRecording<Host>(
        file: recordFile, reportURL: SessionRecording<Host>.reportURL(environment))
      let engine = Engine<Host>(
        environment: hostEnvironment, console: console, executor: loop, debug: options.debug,
        recording: recording)
      return await REPL.run(
        engine: engine, console: console, options: options, environment: environment)
    }
  }

  @usableFromInline static func refuse(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data(("\(Host.name): \(message)".terminalSafe + "\n").utf8))
    return 2
  }
}
