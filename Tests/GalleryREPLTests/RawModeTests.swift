import ChildTest
import Foundation
import LineEditor
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Raw mode, once left for good (at exit, on a signal that ends the process), is not entered
/// again: the key reader entering it while the process exited left the terminal raw after
/// SIGTERM in 2 of 4,450 runs of the terminal fuzz.
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
}
