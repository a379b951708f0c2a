import ChildTest
import Foundation
import TestSupport
import TestTraits
import Testing
import TodoStorage

@testable import TodoStorageLive

/// Sessions in several processes on one list: saves merge under the folder's lock, so no
/// session's items are lost, whoever saves last, and a killed one breaks nothing.
///
/// The children are this test executable again, each running one session of the tests below
/// in the folders the parent names (`list|barrier|name` for the barrier test).
@Suite struct SharedListTests {
  static func item(_ name: String, _ number: Int) -> TodoItem {
    let offset = name == "A" ? 1_000_000 : name == "B" ? 2_000_000 : 3_000_000
    return TodoItem(id: UUID(offset + number), text: "\(name) \(number)")
  }

  /// One session: loads, adds its item and saves; held inside the save (lock taken, list read)
  /// until the parent creates `go` when its name is `A`.
  @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
  func childAddsOneItemAtABarrier() async throws {
    let parts = ChildTest.instruction!.split(separator: "|").map(String.init)
    let (list, barrier, name) = (parts[0], parts[1], parts[2])
    let wait: @Sendable () -> Void = { Self.waitForGo(in: barrier) }
    let hold = name == "A" ? wait : nil
    let storage = TodoStorage.live(
      directory: URL(fileURLWithPath: list), now: { Date() }, whileLocked: hold)
    await report {
      let base = try await storage.load()
      let saved = try await storage.save(base + [Self.item(name, 1)], since: base)
      return "saved \(saved.count)"
    }
  }

  /// Says it is held, then waits (bounded) for the parent's `go`.
  static func waitForGo(in barrier: String) {
    _ = FileManager.default.createFile(atPath: barrier + "/A.held", contents: nil)
    let deadline = ContinuousClock.now + .hangStop
    while !FileManager.default.fileExists(atPath: barrier + "/go"), ContinuousClock.now < deadline {
      // NOTE: real time on purpose: this is the child process, waiting on a file the parent
      // process writes (there is no clock shared between two processes).
      usleep(1000)
    }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func aSaveHeldWhileAnotherSessionSavesLosesNeithersItem() async throws {
    try await withTemporaryDirectory { root in
      let list = root.appendingPathComponent("list")
      let barrier = root.appendingPathComponent("barrier")
      try FileManager.default.createDirectory(at: barrier, withIntermediateDirectories: false)
      try await TodoStorage.live(directory: list).save([Self.item("C", 1)])

      let a = Task {
        try await ChildTest.run(
          "childAddsOneItemAtABarrier", instruction: "\(list.path)|\(barrier.path)|A")
      }
      let held = barrier.appendingPathComponent("A.held").path
      let deadline = ContinuousClock.now + .hangStop
      while !FileManager.default.fileExists(atPath: held), ContinuousClock.now < deadline {
        // NOTE: real time on purpose: a child process saves for real and is watched from here.
        try await Task.sleep(for: .milliseconds(2))
      }
      #expect(FileManager.default.fileExists(atPath: held), "A reached its barrier")

      let pipe = Pipe()
      let b = try ChildTest.start(
        "childAddsOneItemAtABarrier", instruction: "\(list.path)|\(barrier.path)|B",
        output: pipe.fileHandleForWriting)
      try pipe.fileHandleForWriting.close()
      // B either waits for the lock A holds (as it must) or, were there no lock, saves now.
      // NOTE: 60 s: under the whole suite, a child (this test executable started again) took
      // more than 10 s to reach the lock in one CI run.
      let waits = try await ChildTest.waitUntilWaitingForALock(
        [b.processIdentifier], within: .hangStop)
      _ = FileManager.default.createFile(
        atPath: barrier.appendingPathComponent("go").path, contents: nil)
      let bOutput = try await ChildTest.onItsOwnThread {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        b.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
      }
      let aResult = try await a.value

      #expect(waits, "B waited at the lock while A held it")
      #expect(aResult.output.contains("child: saved 2"), "\(aResult.output)")
      #expect(bOutput.contains("child: saved 3"), "B merged into A's save: \(bOutput)")
      let items = try await TodoStorage.live(directory: list).load()
      #expect(Set(items) == [Self.item("C", 1), Self.item("A", 1), Self.item("B", 1)])
    }
  }

  /// One session that adds an item per save, from its own last save each time: `A` until it is
  /// killed, `B` for 150 saves.
  @Test(.enabled(if: ChildTest.isChild, "runs only in the child process"))
  func childAddsAnItemPerSave() async throws {
    let parts = ChildTest.instruction!.split(separator: "|").map(String.init)
    let storage = TodoStorage.live(directory: URL(fileURLWithPath: parts[0]))
    let name = parts[1]
    let parent = getppid()
    let start = ContinuousClock.now
    await report {
      var base = try await storage.load()
      var round = 0
      // NOTE: stops when the parent is gone, so a failed parent leaves no stray process; A's
      // bound is far beyond the parent's waits, whose task may not run for many seconds when
      // the whole suite shares two cores.
      while getppid() == parent, ContinuousClock.now - start < .seconds(600),
        name == "A" || round < 150
      {
        round += 1
        base = try await storage.save(base + [Self.item(name, round)], since: base)
      }
      return "saved \(round)"
    }
  }

  @Test(.enabled(if: ChildTest.isSupported, "needs Linux"))
  func aSessionKilledMidSaveLeavesAWholeListWithTheOtherSessionsItems() async throws {
    try await withTemporaryDirectory { directory in
      var killsDuringAWrite = 0
      for _ in 1...3 {
        try? FileManager.default.removeItem(at: directory.todosFile)
        let a = try ChildTest.start("childAddsAnItemPerSave", instruction: "\(directory.path)|A")
        let b = Task {
          try await ChildTest.run("childAddsAnItemPerSave", instruction: "\(directory.path)|B")
        }
        // Kill A as soon as it writes a temporary file, with B saving beside it.
        let temporary = "todos.json.tmp-\(a.processIdentifier)-"
        let deadline = ContinuousClock.now + .seconds(10)
        while !directory.entries.contains(where: { $0.hasPrefix(temporary) }),
          ContinuousClock.now < deadline
        {}
        if directory.entries.contains(where: { $0.hasPrefix(temporary) }) { killsDuringAWrite += 1 }
        kill(a.processIdentifier, SIGKILL)
        try await ChildTest.onItsOwnThread { a.waitUntilExit() }
        #expect(
          a.terminationReason == .uncaughtSignal,
          "A was killed, not finished (it exited with status \(a.terminationStatus))")

        let result = try await b.value
        #expect(
          result.status == 0 && result.output.contains("child: saved 150"), "\(result.output)")
        let items = try await TodoStorage.live(directory: directory).load()
        let fromA = items.filter { $0.text.hasPrefix("A ") }
        let fromB = items.filter { $0.text.hasPrefix("B ") }
        #expect(fromB.count == 150, "B's items kept: \(fromB.count) of 150")
        #expect(fromB == (1...150).map { Self.item("B", $0) })
        #expect(fromA == (0..<fromA.count).map { Self.item("A", $0 + 1) }, "A's saves, whole")
        #expect(directory.entries == [TodoStorage.fileName], "the killed save's file is cleaned")
      }
      #expect(killsDuringAWrite >= 1, "at least one kill landed in the middle of a save")
    }
  }
}
