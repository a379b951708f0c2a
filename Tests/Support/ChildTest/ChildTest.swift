import Foundation

/// Runs one test of this test executable again in a child process, for checks that must not
/// touch the test process itself: killing a save, resource limits, dropping root, measuring
/// memory without other tests running beside it.
///
/// The child test is enabled only when ``variable`` is set in its environment, so a normal run
/// skips it; the parent sets it to say what the child should do.
public enum ChildTest {
  /// Set in the child's environment; its value is the parent's instruction (a directory, a mode).
  public static let variable = "CHILD_TEST_INSTRUCTION"

  /// The instruction when this process is a child, else `nil`.
  public static let instruction = ProcessInfo.processInfo.environment[variable]

  /// Whether this process is a child started by ``start(_:instruction:output:)``.
  public static var isChild: Bool { instruction != nil }

  /// Whether this machine can re-run its test executable (Linux's `/proc/self/exe`).
  public static var isSupported: Bool { FileManager.default.fileExists(atPath: "/proc/self/exe") }

  /// Starts the test named `filter` in a child process with `instruction`; the caller waits or
  /// kills it. The child's output goes to `output` (the null device by default).
  public static func start(
    _ filter: String, instruction: String, output: FileHandle = .nullDevice
  ) throws -> ChildProcess {
    let stream: ChildProcess.Stream =
      output === FileHandle.nullDevice ? .null : .descriptor(output.fileDescriptor)
    return try spawn(filter, instruction: instruction, output: stream)
  }

  private static func spawn(
    _ filter: String, instruction: String, output: ChildProcess.Stream
  ) throws -> ChildProcess {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    return try ChildProcess(
      executable, ["--testing-library", "swift-testing", "--filter", filter],
      environment: ProcessInfo.processInfo.environment.merging([variable: instruction]) { $1 },
      output: output, errors: output)
  }

  /// Runs the test named `filter` in a child process to its end; returns its exit status and
  /// everything it printed. A child still running after `limit` is killed, and this throws.
  public static func run(
    _ filter: String, instruction: String, within limit: Duration = ChildProcess.exitLimit
  ) async throws -> (status: Int32, output: String) {
    try await onItsOwnThread {
      let pipe = try ChildProcess.Pipe()
      let child = try spawn(filter, instruction: instruction, output: .pipe(pipe))
      let exchange = ChildProcess.Exchange(reading: [pipe.fileHandleForReading])
      guard exchange.pump(child, before: .now + limit) else {
        throw child.killedForHanging(after: limit)
      }
      return (child.terminationStatus, String(decoding: exchange.outputs[0], as: UTF8.self))
    }
  }

  /// Runs `work`, which blocks (reading a child's output, waiting for its exit), on a thread of
  /// its own and returns its result.
  ///
  /// Blocking a test's own task would hold one of the cooperative pool's threads, of which there
  /// are as many as cores: on two cores, two such waits stall every test running beside them,
  /// and their real-time limits then run out while nothing of theirs can run.
  public static func onItsOwnThread<T: Sendable>(
    _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try work() }) }.start()
    }
  }
}
