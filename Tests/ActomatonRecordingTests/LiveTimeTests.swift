import Actomaton
import Foundation
import Testing

@testable import ActomatonRecording

/// Entries on the live clock carry the continuous clock's time since the start, whichever way
/// the recorder reads it: the processor's counter, turned into time when the writer takes the
/// lines, or the clock itself where the counter cannot stand for it.
@Suite struct LiveTimeTests {
  @Test func eachEntryIsTimedWithinTheSendThatMadeIt() async throws {
    let clock = ContinuousClock()
    let sink = LinesSink()
    let beforeStart = clock.now
    let recorder = Recorder<Tally.Action, Tally.State>(initialState: Tally.State(), sinks: [sink])
    let afterStart = clock.now
    let store = Actomaton(
      state: Tally.State(), reducer: Tally.reducer, observer: recorder.observer)
    var windows: [ClosedRange<Duration>] = []
    for amount in 1...40 {
      // NOTE: time passes between sends (a wait on the clock's reading, not a sleep), so that a
      // stamp never turned into time (a few thousand ticks read as attoseconds) falls outside.
      let next = clock.now.advanced(by: .microseconds(200))
      while clock.now < next {}
      let before = clock.now
      await store.send(.add(amount))
      let after = clock.now
      windows.append(afterStart.duration(to: before)...beforeStart.duration(to: after))
      // NOTE: flushes now and then, so the stamps are turned into time in several takes.
      if amount % 7 == 0 { recorder.flush() }
    }
    recorder.close()
    let recording = try Recording<Tally.Action, Tally.State>(jsonLines: sink.jsonLines)
    #expect(recording.entries.count == windows.count)
    // NOTE: the pairing of the counter with the clock, and JSON's decimal seconds, err by far
    // less than this.
    let slack = Duration.microseconds(5)
    for (entry, window) in zip(recording.entries, windows) {
      #expect(
        entry.time >= window.lowerBound - slack && entry.time <= window.upperBound + slack,
        "entry \(entry.index) at \(entry.time), sent within \(window)")
    }
  }

  @Test func aStampIsTimedBetweenTheReadingsAroundIt() {
    let from = TickClock.Reading(ticks: 1_000, nanoseconds: 400)
    let to = TickClock.Reading(ticks: 3_000, nanoseconds: 1_400)
    func stamp(_ ticks: Int64) -> Duration {
      .init(secondsComponent: 0, attosecondsComponent: ticks)
    }
    #expect(TickClock.time(of: stamp(1_000), from: from, to: to) == .nanoseconds(400))
    #expect(TickClock.time(of: stamp(2_000), from: from, to: to) == .nanoseconds(900))
    #expect(TickClock.time(of: stamp(3_000), from: from, to: to) == .nanoseconds(1_400))
    // NOTE: a line stamped just before the last take but added after it is in the next take:
    // its time lies a little before that take's first reading.
    #expect(TickClock.time(of: stamp(800), from: from, to: to) == .nanoseconds(300))
    #expect(TickClock.time(of: stamp(2_000), from: from, to: from) == .nanoseconds(400))
    // NOTE: readings that give no rate (the counter went back) or a stamp far out of range give
    // the earlier reading's time, never a trap.
    let back = TickClock.Reading(ticks: .min, nanoseconds: 2_000)
    #expect(TickClock.time(of: stamp(2_000), from: from, to: back) == .nanoseconds(400))
    #expect(TickClock.time(of: stamp(2_000), from: back, to: to) == .nanoseconds(2_000))
    #expect(TickClock.time(of: stamp(.max), from: from, to: to) == .nanoseconds(400))
  }
}
