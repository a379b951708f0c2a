import ChildTest
import Foundation
import TestTraits
import Testing

@testable import LineEditor

#if canImport(Glibc)
  import Glibc
#endif

/// Raw mode, once left for good (at exit, on a signal that ends the process), is not entered
/// again: the key reader entering it while the process exited left the terminal raw after
/// SIGTERM in 2 of 4,450 runs of the terminal fuzz.
///
/// A leave returns only once the terminal's settings are restored, also while another thread's
/// leave has begun and not finished: a SIGHUP handler's leave had marked raw mode left, the
/// key reader then ended the REPL and the leave at exit returned at once, and the process ended
/// with the terminal raw (1 fuzz run, on a loaded machine).
///
/// In a child process, on a pseudo-terminal of its own: leaving for good is a one-way switch
/// of the whole process.
@Suite struct RawModeTests {
  @Test(.enabled(if: ChildTest.instruction == "raw-mode", "runs only in the child process"))
  func childEntersLeavesForGoodAndCannotEnterAgain() throws {
    var (primary, terminal) = (Int32(0), Int32(0))
    guard openpty(&primary, &terminal, nil, nil, nil) == 0 else {
      return print("raw-mode: no pseudo-terminal")
    }
    func isCanonical() -> Bool {
      var settings = termios()
      _ = tcgetattr(terminal, &settings)
      return settings.c_lflag & tcflag_t(ICANON) != 0
    }
    let entered = RawMode.enter(terminal)
    let raw = !isCanonical()
    RawMode.leaveForGood()
    let restored = isCanonical()
    let enteredAgain = RawMode.enter(terminal)
    print("raw-mode: \(entered) \(raw) \(restored) \(enteredAgain) \(isCanonical())")
  }

  @Test(.enabled(if: ChildTest.isSupported && !ChildTest.isChild, "needs Linux"), .hangGuard)
  func rawModeLeftForGoodIsNotEnteredAgain() async throws {
    let (status, output) = try await ChildTest.run(
      "childEntersLeavesForGoodAndCannotEnterAgain", instruction: "raw-mode")
    #expect(status == 0, "\(output)")
    #expect(output.contains("raw-mode: true true true false true"), "\(output)")
  }

  /// One leave is held where it has marked raw mode left: its write of the paste marks' end
  /// blocks on a full pipe. The leave for good beside it (at exit) must find the terminal
  /// restored when it returns.
  @Test(.enabled(if: ChildTest.instruction == "two-leaves", "runs only in the child process"))
  func childLeavesForGoodWhileAnotherLeaveIsHeld() throws {
    var (primary, terminal) = (Int32(0), Int32(0))
    var marks: [Int32] = [-1, -1]
    guard openpty(&primary, &terminal, nil, nil, nil) == 0, pipe(&marks) == 0 else {
      return print("two-leaves: no pseudo-terminal or pipe")
    }
    let entered = RawMode.enter(terminal, pasteMarks: marks[1])
    let flags = fcntl(marks[1], F_GETFL)
    _ = fcntl(marks[1], F_SETFL, flags | O_NONBLOCK)
    var byte: UInt8 = 0
    while write(marks[1], &byte, 1) == 1 {}
    _ = fcntl(marks[1], F_SETFL, flags)
    let held = DispatchSemaphore(value: 0)
    Thread {
      RawMode.leave()
      held.signal()
    }.start()
    let deadline = ContinuousClock.now + .hangStop
    while RawMode.isRaw.load(ordering: .acquiring), ContinuousClock.now < deadline {
      usleep(1_000)
    }
    RawMode.leaveForGood()
    var settings = termios()
    _ = tcgetattr(terminal, &settings)
    let restored = settings.c_lflag & tcflag_t(ICANON) != 0
    // NOTE: the pipe read empty (never blocking), the held leave ends too.
    var drained = [UInt8](repeating: 0, count: 65_536)
    _ = fcntl(marks[0], F_SETFL, O_NONBLOCK)
    repeat {
      _ = read(marks[0], &drained, drained.count)
    } while held.wait(timeout: .now() + .milliseconds(10)) == .timedOut
    print("two-leaves: \(entered) \(restored)")
  }

  @Test(.enabled(if: ChildTest.isSupported && !ChildTest.isChild, "needs Linux"), .hangGuard)
  func leaveForGoodReturnsWithTheTerminalRestoredWhileAnotherLeaveIsHeld() async throws {
    let (status, output) = try await ChildTest.run(
      "childLeavesForGoodWhileAnotherLeaveIsHeld", instruction: "two-leaves")
    #expect(status == 0, "\(output)")
    #expect(output.contains("two-leaves: true true"), "\(output)")
  }
}
