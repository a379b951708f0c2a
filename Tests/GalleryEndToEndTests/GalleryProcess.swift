import ChildTest
import Foundation

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
  /// The waiting happens on a thread of its own, never on the cooperative pool's few threads.
  static func run(
    _ arguments: [String], input: String, environment extra: [String: String] = [:],
    onceStarted: (@Sendable (Process) throws -> Void)? = nil
  ) async throws -> Result {
    try await ChildTest.onItsOwnThread {
      try runBlocking(arguments, input: input, environment: extra, onceStarted: onceStarted)
    }
  }

  private static func runBlocking(
    _ arguments: [String], input: String, environment extra: [String: String],
    onceStarted: (@Sendable (Process) throws -> Void)?
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["GITHUB_TOKEN"] = nil
    environment["GH_TOKEN"] = nil
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    var output = Data()
    if let onceStarted {
      // NOTE: the app prints its banner at once, or exits (end of file): this read is bounded.
      output = stdout.fileHandleForReading.availableData
      do {
        try onceStarted(process)
      } catch {
        process.terminate()
        process.waitUntilExit()
        throw error
      }
    }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    output += stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  /// A new, empty directory for one test's data; removed by `cleanUp`.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-e2e-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
