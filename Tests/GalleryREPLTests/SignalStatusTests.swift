import ActomatonTesting
import ChildTest
import Foundation
import TestTraits
import Testing

@testable import ActomatonREPL
@testable import GalleryApp
@testable import LineEditor

#if canImport(Glibc)
  import Glibc
#endif

/// A signal that ends the program exits with 128 + its number, also when it ends the input
/// first: its handler leaves raw mode for good, the key reader's next `RawMode.enter` fails,
/// and the loop, taking that for the end of input before the signal had reached it, exited
/// with 0 after SIGTERM (the terminal fuzz, on a loaded machine). What was typed is saved.
///
/// In a child process, the shell at a pseudo-terminal of its own. Once the prompt is drawn, the
/// handler's part is done directly (`leaveForGood(after: SIGTERM)`) and the signal never
/// reaches the loop the usual way (`ProcessSignals`), as if its thread had not run yet; the
/// line typed next is read from the terminal, cooked again, and the next `enter` fails.
@Suite struct SignalStatusTests {
  @Test(
    .enabled(if: ChildTest.instruction == "signal-ends-input", "runs only in the child process"))
  @MainActor func childLeavesRawModeForGoodBetweenLines() async throws {
    var (primary, terminal) = (Int32(0), Int32(0))
    guard openpty(&primary, &terminal, nil, nil, nil) == 0 else {
      return print("signal-ends-input: no pseudo-terminal")
    }
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("signal-ends-input-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let data = home.appendingPathComponent("data")
    let (input, output) = (dup(STDIN_FILENO), dup(STDOUT_FILENO))
    dup2(terminal, STDIN_FILENO)
    dup2(terminal, STDOUT_FILENO)
    close(terminal)
    let rawAtPrompt = Locked(false)
    let drained = DispatchSemaphore(value: 0)
    Thread { [primary] in
      var (text, buffer, typed) = ("", [UInt8](repeating: 0, count: 4096), false)
      // NOTE: read to the end (all of the terminal's descriptors closed), so that the shell
      // never blocks on a full terminal.
      while true {
        let count = read(primary, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        text += String(decoding: buffer.prefix(count), as: UTF8.self)
        guard !typed, text.contains("todo> ") else { continue }
        typed = true
        rawAtPrompt.withLock { $0 = RawMode.isRaw.load(ordering: .acquiring) }
        RawMode.leaveForGood(after: SIGTERM)
        let line = Array("add milk\r".utf8)
        _ = line.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
      }
      drained.signal()
    }.start()
    let status = await Shell<Gallery>.main(
      arguments: ["--offline", "--no-history", "--screen", "todo", "--data-dir", data.path],
      environment: ["TERM": "xterm", "HOME": home.path])
    dup2(input, STDIN_FILENO)
    dup2(output, STDOUT_FILENO)
    close(input)
    close(output)
    let ended = drained.wait(timeout: .hangStop) == .success
    close(primary)
    let saved = try? String(
      contentsOf: data.appendingPathComponent("todos.json"), encoding: .utf8)
    print(
      "signal-ends-input: status \(status), raw at the prompt \(rawAtPrompt.withLock { $0 }), "
        + "saved \(saved?.contains("milk") == true), drained \(ended)")
  }

  @Test(.enabled(if: ChildTest.isSupported && !ChildTest.isChild, "needs Linux"), .hangGuard)
  func signalThatEndsTheInputFirstStillGivesItsStatus() async throws {
    let (status, output) = try await ChildTest.run(
      "childLeavesRawModeForGoodBetweenLines", instruction: "signal-ends-input")
    #expect(status == 0, "\(output)")
    #expect(
      output.contains(
        "signal-ends-input: status \(128 + SIGTERM), raw at the prompt true, saved true, "
          + "drained true"),
      "\(output)")
  }
}
