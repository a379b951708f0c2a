import ChildTest
import Foundation
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The `gallery` binary with its output on a pipe the test reads as it comes, and its input on a
/// pipe the test writes to, a file, or closed; for signals and hostile input. Every wait is for a
/// condition (text, the exit, a count of bytes read), with a deadline that only stops a hang.
// NOTE: one test drives one process and awaits each wait before the next, as with
// `PseudoTerminal`.
final class PipedGallery: @unchecked Sendable {
  enum Input {
    /// A pipe: `send` writes to it, `closeInput` ends it.
    case pipe
    /// The file (or device) at this path.
    case file(String)
    /// The app run by `sh` with these redirections: `<&-` closes its standard input, as
    /// `gallery <&-` does.
    case redirected(String)
  }

  struct Timeout: Error, CustomStringConvertible {
    let description: String
  }

  let process: ChildProcess
  private let input: ChildProcess.Pipe
  let output: ChildProcess.Pipe
  private(set) var bytes: [UInt8] = []

  /// Starts the app; its standard error goes to the output pipe too when `withErrors`, and is
  /// dropped otherwise. `shellSetup`, when given, is shell commands `sh` runs before it starts
  /// the app (`ulimit -n 8`; `set -- "$@" --data-dir "$(printf 'a\\351')"` for arguments that
  /// are not UTF-8, which a Swift string cannot carry).
  init(
    _ arguments: [String], input kind: Input, environment extra: [String: String] = [:],
    withErrors: Bool = false, shellSetup: String? = nil
  ) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["GITHUB_TOKEN"] = nil
    environment["GH_TOKEN"] = nil
    for (key, value) in extra { environment[key] = value }
    input = try ChildProcess.Pipe()
    output = try ChildProcess.Pipe()
    var file: FileHandle?
    defer { try? file?.close() }
    let stream: ChildProcess.Stream
    switch kind {
    case .pipe: stream = .pipe(input)
    case let .file(path):
      file = FileHandle(forReadingAtPath: path)
      stream = file.map { .descriptor($0.fileDescriptor) } ?? .null
    case .redirected: stream = .null
    }
    let errors: ChildProcess.Stream = withErrors ? .pipe(output) : .null
    var redirections: String?
    if case let .redirected(text) = kind { redirections = text }
    if redirections != nil || shellSetup != nil {
      let script = "\(shellSetup ?? ":"); exec \"$0\" \"$@\" \(redirections ?? "")"
      process = try ChildProcess(
        "/bin/sh", ["-c", script, GalleryProcess.executable.path] + arguments,
        environment: environment, input: stream, output: .pipe(output), errors: errors)
    } else {
      process = try ChildProcess(
        GalleryProcess.executable.path, arguments, environment: environment, input: stream,
        output: .pipe(output), errors: errors)
    }
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  func send(_ text: String) {
    _ = ChildProcess.writeWithoutSIGPIPE(
      Array(text.utf8)[...], to: input.fileHandleForWriting.fileDescriptor)
  }

  func closeInput() { try? input.fileHandleForWriting.close() }

  /// Closes the test's end of the output: from now on the app's writes find nobody reading.
  func closeOutput() { try? output.fileHandleForReading.close() }

  func signal(_ number: Int32) { process.signal(number) }

  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Waits until the output holds `needle`.
  func expect(
    _ needle: String, within limit: Duration = .hangStop,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let found = try await ChildTest.onItsOwnThread { self.readUntil(needle, within: limit) }
    guard found else {
      Issue.record(
        "never saw \(needle.debugDescription) in \(text.suffix(400).debugDescription)",
        sourceLocation: sourceLocation)
      throw Timeout(description: "never saw \(needle.debugDescription)")
    }
  }

  /// Waits for the app to exit; its reason and status, or a recorded issue when it hangs.
  func waitForExit(
    within limit: Duration = .hangStop, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (Process.TerminationReason, Int32) {
    let done = try await ChildTest.onItsOwnThread { self.readUntilExit(within: limit) }
    guard done else {
      Issue.record("the app is still running after \(limit)", sourceLocation: sourceLocation)
      throw Timeout(description: "still running")
    }
    return (process.terminationReason, process.terminationStatus)
  }

  /// Waits until the app has read `count` bytes (`rchar` of `/proc/PID/io`) with its resident
  /// memory under `residentLimit` all along; whether it did. Past the limit, the app is killed
  /// at once (it would take the machine's memory next).
  func reads(_ count: Int, residentLimit: Int, within limit: Duration = .hangStop) async throws
    -> Bool
  {
    let pid = process.processIdentifier
    return try await ChildTest.onItsOwnThread {
      let deadline = ContinuousClock.now + limit
      while ContinuousClock.now < deadline, self.process.isRunning {
        if let resident = self.residentBytes, resident > residentLimit {
          kill(pid, SIGKILL)
          return false
        }
        if let read = Self.field("rchar:", of: "/proc/\(pid)/io"), read >= count { return true }
        _ = self.readSome()
      }
      return false
    }
  }

  /// The app's resident memory in bytes, from `/proc/PID/status`.
  var residentBytes: Int? {
    Self.field("VmRSS:", of: "/proc/\(process.processIdentifier)/status").map { $0 * 1024 }
  }

  private static func field(_ name: String, of path: String) -> Int? {
    guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let line = contents.split(separator: "\n").first { $0.hasPrefix(name) }
    return line.flatMap { Int($0.dropFirst(name.count).split(separator: " ").first ?? "") }
  }

  /// Reads (so a full pipe never holds the app up) until the app has exited or `limit` has
  /// passed; whether it exited. What it wrote last stays in the pipe for `expect`.
  private func readUntilExit(within limit: Duration) -> Bool {
    let deadline = ContinuousClock.now + limit
    while process.isRunning {
      guard ContinuousClock.now < deadline else { return false }
      // NOTE: once the test has closed the output, `readSome` only waits its 50 ms.
      _ = readSome()
    }
    // NOTE: what the app wrote between the last read and its exit is still in the pipe.
    while readSome() {}
    return true
  }

  private func readUntil(_ needle: String, within limit: Duration) -> Bool {
    let deadline = ContinuousClock.now + limit
    while true {
      if text.contains(needle) { return true }
      guard ContinuousClock.now < deadline, readSome() || process.isRunning else {
        return text.contains(needle)
      }
    }
  }

  /// Reads what is there within 50 ms; whether anything came.
  private func readSome() -> Bool {
    let descriptor = output.fileHandleForReading.fileDescriptor
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, 50) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    bytes += buffer.prefix(count)
    return true
  }
}
