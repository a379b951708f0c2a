import ActomatonTesting
import Locking
import TestTraits
import Testing

@testable import GalleryREPL

/// The waits' limits share one timer, and each wait still ends at its own limit.
@Suite(.hangGuard)
struct WaitDeadlinesTests {
  static func make() -> (TestClock, WaitDeadlines<TestClock>, Locked<[String]>) {
    let clock = TestClock()
    return (clock, WaitDeadlines(clock: clock, executor: clock.executor), Locked([]))
  }

  @Test func aDeadlineEndsItsWaitWhenItsLimitHasPassedAndNotBefore() async {
    let (clock, deadlines, ended) = Self.make()
    _ = deadlines.add(after: .seconds(1)) { ended.withLock { $0.append("a") } }
    await clock.advance(by: .milliseconds(999))
    #expect(ended.withLock { $0 } == [])
    await clock.advance(by: .milliseconds(1))
    #expect(ended.withLock { $0 } == ["a"])
    #expect(clock.sleeperCount == 0, "no timer is left once no deadline is")
  }

  @Test func manyWaitsShareOneTimerAndEachEndsAtItsOwnLimit() async {
    let (clock, deadlines, ended) = Self.make()
    for second in 1...50 {
      _ = deadlines.add(after: .seconds(second)) { ended.withLock { $0.append("\(second)") } }
    }
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(2))
    #expect(ended.withLock { $0 } == ["1", "2"])
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(48))
    #expect(ended.withLock { $0 }.count == 50)
  }

  @Test func aWaitThatEndedFirstIsNotEndedAgainAtItsLimit() async {
    let (clock, deadlines, ended) = Self.make()
    let first = deadlines.add(after: .seconds(1)) { ended.withLock { $0.append("first") } }
    _ = deadlines.add(after: .seconds(2)) { ended.withLock { $0.append("second") } }
    deadlines.remove(first)
    await clock.advance(by: .seconds(2))
    #expect(ended.withLock { $0 } == ["second"])
  }

  @Test func anEarlierDeadlineIsNotLeftWaitingBehindALaterOne() async {
    let (clock, deadlines, ended) = Self.make()
    _ = deadlines.add(after: .seconds(3_600)) { ended.withLock { $0.append("late") } }
    await clock.advance()
    _ = deadlines.add(after: .seconds(1)) { ended.withLock { $0.append("early") } }
    await clock.advance(by: .seconds(1))
    #expect(ended.withLock { $0 } == ["early"])
    await clock.advance(by: .seconds(3_599))
    #expect(ended.withLock { $0 } == ["early", "late"])
  }
}
