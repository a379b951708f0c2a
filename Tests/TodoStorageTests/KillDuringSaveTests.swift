import ChildTest
import Foundation
import TestSupport
import Testing
import TodoStorage
import TodoStorageLive

/// Kills a process that saves in a loop and checks the file is always a whole list.
///
/// The child is this test executable again, running only ``childSavesInALoopUntilKilled()``
/// in the directory the parent names.
@Suite struct KillDuringSaveTests {
  /// List `n` of what the child saves: `n` items of about 2 KB each, so a save takes a while.
  static func list(_ count: Int) -> [TodoItem] {
    (1...count).map { index in
      TodoItem(
        id: UUID(index), text: "\(index) of \(count) " + String(repeating: "·", count: 700),
        isCompleted: index.isMultiple(of: 2))
    }
  }

  @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
  func childSavesInALoopUntilKilled() async throws {
    let storage = TodoStorage.live(directory: URL(fileURLWithPath: ChildTest.instruction!))
    let parent = getppid()
    let start = ContinuousClock.now
    var round = 0
    // NOTE: stops when the parent is gone, so a failed parent leaves no stray process; the
    // bound is far beyond any wait of the parent's, whose task may not run for many seconds
    // when the whole suite shares two cores (a 30 s bound once ended a child before its kill).
    while getppid() == parent, ContinuousClock.now - start < .seconds(600) {
      round += 1
      try await storage.save(Self.list(round % 60 + 1))
    }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func killingASaveAtRandomMomentsAlwaysLeavesAWholeList() async throws {
    try await withTemporaryDirectory { directory in
      var killsDuringAWrite = 0
      for round in 1...8 {
        let before = Self.fileIdentity(directory.todosFile)
        let child = try ChildTest.start(
          "childSavesInALoopUntilKilled", instruction: directory.path)

        // Wait (bounded, in real time) until the child has replaced the file once; then kill it
        // at a random moment (odd rounds) or as soon as it is writing a temporary file (even).
        let deadline = ContinuousClock.now + .seconds(10)
        while Self.fileIdentity(directory.todosFile) == before, ContinuousClock.now < deadline {
          // NOTE: real time on purpose: a child process saves for real and is watched from here.
          try await Task.sleep(for: .milliseconds(1))
        }
        if round.isMultiple(of: 2) {
          while directory.entries.count < 2, ContinuousClock.now < deadline {}
        } else {
          // NOTE: real time on purpose: the kill must land at a random moment of a real save.
          try await Task.sleep(for: .microseconds(Int.random(in: 0...20_000)))
        }
        kill(child.processIdentifier, SIGKILL)
        try await ChildTest.onItsOwnThread { child.waitUntilExit() }
        #expect(
          child.terminationReason == .uncaughtSignal,
          "the child was killed, not finished (it exited with status \(child.terminationStatus))")

        if directory.entries.count > 1 { killsDuringAWrite += 1 }
        let items = try await TodoStorage.live(directory: directory).load()
        #expect(!items.isEmpty && items == Self.list(items.count), "a whole list of one save")
        #expect(directory.entries == [TodoStorage.fileName], "the killed save's file is cleaned")
      }
      #expect(killsDuringAWrite >= 1, "at least one kill landed in the middle of a save")
    }
  }

  /// The file's inode: a new one after every save, since saves rename a new file over the old.
  static func fileIdentity(_ url: URL) -> Int? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes?[.systemFileNumber] as? NSNumber)?.intValue
  }
}
