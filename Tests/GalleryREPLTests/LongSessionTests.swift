import ActomatonTesting
import ChildTest
import Foundation
import TestTraits
import Testing

@testable import ActomatonREPL
@testable import GalleryApp

/// A long session keeps its memory flat: 10 000 screen switches, each stopwatch visit running
/// the stopwatch, each GitHub visit searching and paging.
///
/// The session runs in a child process (this test executable again), so that tests running
/// beside it in this process do not disturb the figures.
@Suite struct LongSessionTests {
  /// One round: five screen switches.
  static let round = [
    "stopwatch", "start", "wait 0.3", "github", "search swift", "wait 0.5", "next", "todo",
    "add buy milk", "delete 1", "login", "login ann", "counter", "+",
  ]
  static let rounds = 2_000
  /// Rounds run before the first measurement, so one-time allocations (caches, metadata, the
  /// executor's and the clock's tables at their working size) are out of the figures.
  static let warmUpRounds = 200
  static let samples = 10

  @Test(.enabled(if: ChildTest.instruction == "long-session", "runs only in the child process"))
  func childRunsALongSession() async {
    let clock = TestClock()
    let engine = Harness.engine(
      Harness.environment(clock: clock), clock: clock, console: BufferConsole(keeps: false))
    // NOTE: without the testing library's backtraces of thrown errors, which it keeps until the
    // test ends: every effect a switch cancels throws, and that cache would grow with the session.
    let (heap, resident, effects, sleepers, inFlight) = await Memory.withoutThrownErrorHooks {
      var (heap, resident): ([Int], [Int]) = ([], [])
      var (effects, sleepers, inFlight) = (0, 0, 0)
      for round in 1...Self.rounds {
        for line in Self.round {
          await engine.execute(line)
          effects = max(effects, await engine.actomaton.effectCount)
          sleepers = max(sleepers, clock.sleeperCount)
          inFlight = max(inFlight, engine.waiter.inFlight.count)
        }
        let every = (Self.rounds - Self.warmUpRounds) / Self.samples
        if round >= Self.warmUpRounds, (round - Self.warmUpRounds).isMultiple(of: every) {
          // NOTE: the session's recorder writes on a thread of its own, and a script this fast
          // leaves it a backlog (bounded by its buffer): measured with the backlog written, so
          // the figures compare like with like.
          engine.recording.recorder.flush()
          heap.append(Memory.heapBytes ?? -1)
          resident.append(Memory.residentBytes)
        }
      }
      return (heap, resident, effects, sleepers, inFlight)
    }
    func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }
    print(
      "long-session: measure=\(Memory.heapMeasure) effects=\(effects) sleepers=\(sleepers) "
        + "inFlight=\(inFlight) heap=\(list(heap)) resident=\(list(resident))")
  }

  @Test(
    .enabled(if: ChildTest.isSupported && !ChildTest.isChild, "needs Linux"),
    .hangGuard)
  func tenThousandScreenSwitchesKeepMemoryFlat() async throws {
    let (status, output) = try await ChildTest.run(
      "childRunsALongSession", instruction: "long-session")
    let report = output.split(separator: "\n").first { $0.hasPrefix("long-session: ") }
    guard status == 0, let report else {
      Issue.record("the child failed (status \(status)):\n\(output)")
      return
    }
    let fields = Dictionary(
      report.dropFirst("long-session: ".count).split(separator: " ").map {
        let pair = $0.split(separator: "=", maxSplits: 1)
        return (String(pair[0]), String(pair.count > 1 ? pair[1] : ""))
      }, uniquingKeysWith: { $1 })
    let heap = (fields["heap"] ?? "").split(separator: ",").compactMap { Int($0) }
    print("long session: \(report)")
    #expect(Int(fields["effects"] ?? "") ?? .max <= 3, "effects stay bounded: \(report)")
    #expect(Int(fields["sleepers"] ?? "") ?? .max <= 3, "sleepers stay bounded: \(report)")
    #expect(Int(fields["inFlight"] ?? "") ?? .max <= 4, "in-flight tasks stay bounded: \(report)")
    // NOTE: the median of three samples late in the session against the median of three in its
    // middle. The heap steps up once while caches reach their working size, and not always in
    // the first samples (in one CI run it rose 172 KB between the second and the third); one
    // sample can stand 100 KB above its neighbours (temporary allocations), or 70 KB below them.
    // A leak raises every sample, the medians too.
    guard heap.count == Self.samples + 1, heap.allSatisfy({ $0 >= 0 }) else {
      Issue.record("no figures: \(report)")
      return
    }
    let middle = heap[4...6].sorted()[1]
    let late = heap[8...10].sorted()[1]
    #expect(late - middle < Self.bound, "the heap grew by \(late - middle) bytes: \(report)")
  }

  /// The growth allowed between the middle samples and the late ones (four samples, 3,600
  /// switches, apart): 96 KiB, so a leak of 28 bytes or more per switch fails, which is any
  /// leaked allocation (malloc's smallest chunk is 32 bytes; leaking one object per switch grew
  /// the heap by 290 KB over 8,000 switches). Without a leak, in eight CI runs: at most 55 KB
  /// between the medians, 78 KB between the least samples (a middle one 70 KB below the others).
  static let bound = 96 << 10
}
