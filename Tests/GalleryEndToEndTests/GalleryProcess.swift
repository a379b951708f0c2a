import ChildTest
import Foundation
import TestTraits

/// Runs the built `gallery` executable with a piped script, as a user's shell would.
struct GalleryProcess {
  struct Result {
    let status: Int32
    let output: String
    let errors: String
  }

  /// The executable SwiftPM built next to the test bundle.
  static let executable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("gallery").path),
      directory.path != "/"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("gallery")
  }()

  /// Runs the app with `input` on its standard input; `onceStarted`, when given, is called with
  /// the process once it has printed something (its start-up is over) and before it gets `input`.
  ///
  /// The waiting happens on a thread of its own, never on the cooperative pool's few threads;
  /// an app still running after `Duration.hangStop` is killed, and this throws.
  static func run(
    _ arguments: [String], input: String, environment extra: [String: String] = [:],
    executable: URL = executable, within limit: Duration = .hangStop,
    onceStarted: (@Sendable (ChildProcess) throws -> Void)? = nil
  ) async throws -> Result {
    try await ChildTest.onItsOwnThread {
      try runBlocking(
        arguments, input: input, environment: extra, executable: executable, within: limit,
        onceStarted: onceStarted)
    }
  }

  private static func runBlocking(
    _ arguments: [String], input: String, environment extra: [String: String],
    executable: URL, within limit: Duration, onceStarted: (@Sendable (ChildProcess) throws -> Void)?
  ) throws -> Result {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["GITHUB_TOKEN"] = nil
    environment["GH_TOKEN"] = nil
    for (key, value) in extra { environment[key] = value }
    let stdin = try ChildProcess.Pipe()
    let stdout = try ChildProcess.Pipe()
    let stderr = try ChildProcess.Pipe()
    let process = try ChildProcess(
      executable.path, arguments, environment: environment, input: .pipe(stdin),
      output: .pipe(stdout), errors: .pipe(stderr))
    let exchange = ChildProcess.Exchange(
      reading: [stdout.fileHandleForReading, stderr.fileHandleForReading])
    let deadline = ContinuousClock.now + limit
    if let onceStarted {
      // NOTE: the app prints its banner at once, or exits (end of file).
      let started = exchange.pump(
        process, until: { !exchange.outputs[0].isEmpty || exchange.hasEnded(0) },
        before: deadline)
      guard started else { throw process.killedForHanging(after: limit) }
      do {
        try onceStarted(process)
      } catch {
        process.terminate()
        process.waitUntilExit()
        throw error
      }
    }
    exchange.write(Array(input.utf8), thenClose: stdin.fileHandleForWriting)
    guard exchange.pump(process, before: deadline) else {
      throw process.killedForHanging(after: limit)
    }
    return Result(
      status: process.terminationStatus,
      output: String(decoding: exchange.outputs[0], as: UTF8.self),
      errors: String(decoding: exchange.outputs[1], as: UTF8.self))
  }

  /// A new, empty directory for one test's data; removed by `cleanUp`.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-e2e-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
