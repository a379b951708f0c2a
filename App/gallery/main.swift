import Actomaton
import AppRoot
import Dispatch
import Foundation
import GalleryREPL
import MallocTuning
import OutsideText

// NOTE: blocks of 256 KiB and more (a long list's copies, its file's bytes) are mapped on their
// own, so freeing one gives its memory back. By default glibc raises this threshold to the
// largest block freed, and such blocks then come from the heap, which never shrinks: a session
// with a huge list grew with every save.
_ = mallopt(M_MMAP_THRESHOLD, 256 << 10)

// NOTE: first of all: a descriptor among 0–2 closed by the caller (`gallery <&-`) would be taken
// by the next `open` or `pipe` (the Ctrl-C self-pipe became standard input and the reader blocked
// on it for ever). /dev/null takes its place, as OpenSSH's `sanitise_stdfd` does.
for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
  _ = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
}
// NOTE: a closed output (`gallery … | head -1`) is no reason to drop the person's list: writes
// then fail with EPIPE, which `writeAll` gives up on quietly, and the app saves and exits.
signal(SIGPIPE, SIG_IGN)

let processEnvironment = ProcessBytes.environment
let options: Options
do {
  options = try Options.parse(ProcessBytes.arguments)
} catch {
  FileHandle.standardError.write(Data(("gallery: \(error)".terminalSafe + "\n").utf8))
  exit(2)
}
if options.showsHelp {
  print(Options.usage)
  exit(0)
}
if options.showsVersion {
  print(Options.version)
  exit(0)
}
if let refusal = DescriptorLimit.ensure() {
  FileHandle.standardError.write(Data((refusal + "\n").utf8))
  exit(2)
}

if let replay = options.replayFile {
  let file = URL(
    fileURLWithPath: Options.expandingHome(replay, environment: processEnvironment))
  exit(Replayer.run(file, console: StandardConsole(environment: processEnvironment)))
}

// NOTE: past a file size limit (`ulimit -f`) a save fails with EFBIG, which the Todo screen
// reports, instead of the signal killing the app with the list unsaved.
signal(SIGXFSZ, SIG_IGN)

let dataDirectory = options.dataDirectory.map {
  URL(
    fileURLWithPath: Options.expandingHome($0, environment: processEnvironment), isDirectory: true)
}
let recordFile = options.recordFile.map {
  URL(fileURLWithPath: Options.expandingHome($0, environment: processEnvironment))
}
if let recordFile {
  let todoFile = Root.Environment.todoFile(
    dataDirectory: dataDirectory, processEnvironment: processEnvironment)
  let ownFiles = SessionRecording.ownFiles(todoFile: todoFile, environment: processEnvironment)
  if let refusal = SessionRecording.refusal(toRecordIn: recordFile, ownFiles: ownFiles) {
    FileHandle.standardError.write(Data(("gallery: \(refusal)".terminalSafe + "\n").utf8))
    exit(2)
  }
}

let console = StandardConsole(environment: processEnvironment)
let environment = Root.Environment.live(
  dataDirectory: dataDirectory, offline: options.offline, processEnvironment: processEnvironment)
// NOTE: the REPL, the app's actomaton and its effects all run on one event loop, so a command's
// round trip through an effect is handed from job to job, not from thread to thread; blocking
// reads stay on threads of their own (the line reader, the signal watcher).
let loop = EventLoopExecutor()
let status = await withTaskExecutorPreference(loop) {
  let recording = SessionRecording(
    file: recordFile,
    reportURL: SessionRecording.reportURL(processEnvironment))
  let engine = Engine(
    environment: environment, console: console, executor: loop, debug: options.debug,
    recording: recording)
  return await REPL.run(engine: engine, console: console, options: options)
}
exit(status)
